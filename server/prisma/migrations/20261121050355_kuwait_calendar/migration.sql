-- CreateTable
CREATE TABLE "holiday_overrides" (
    "id" UUID NOT NULL,
    "occasion_key" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "occurrence" INTEGER NOT NULL DEFAULT 0,
    "date" DATE NOT NULL,
    "note" TEXT,
    "updated_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "holiday_overrides_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "holiday_overrides_year_idx" ON "holiday_overrides"("year");

-- CreateIndex
CREATE UNIQUE INDEX "holiday_overrides_occasion_key_year_occurrence_key" ON "holiday_overrides"("occasion_key", "year", "occurrence");
