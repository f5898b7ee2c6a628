-- CreateTable
CREATE TABLE "metric_daily" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "day" DATE NOT NULL,
    "posts" INTEGER NOT NULL DEFAULT 0,
    "reach" BIGINT NOT NULL DEFAULT 0,
    "views" BIGINT NOT NULL DEFAULT 0,
    "likes" BIGINT NOT NULL DEFAULT 0,
    "comments" BIGINT NOT NULL DEFAULT 0,
    "shares" BIGINT NOT NULL DEFAULT 0,
    "simulated" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "metric_daily_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "metric_daily_business_id_day_idx" ON "metric_daily"("business_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "metric_daily_business_id_platform_day_simulated_key" ON "metric_daily"("business_id", "platform", "day", "simulated");

-- AddForeignKey
ALTER TABLE "metric_daily" ADD CONSTRAINT "metric_daily_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
