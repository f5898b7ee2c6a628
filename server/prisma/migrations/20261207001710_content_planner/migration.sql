-- CreateTable
CREATE TABLE "content_plans" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "created_by_id" UUID,
    "period" TEXT NOT NULL,
    "from_date" DATE NOT NULL,
    "to_date" DATE NOT NULL,
    "language" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plan_proposals" (
    "id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "calendar_key" TEXT,
    "occasion" TEXT,
    "occasion_en" TEXT NOT NULL,
    "occasion_ar" TEXT NOT NULL,
    "menu_item_id" UUID,
    "dish_en" TEXT,
    "dish_ar" TEXT,
    "platform" "Platform" NOT NULL,
    "format" TEXT NOT NULL,
    "scheduled_for" TIMESTAMPTZ(3) NOT NULL,
    "reason" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "hashtags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "media_id" UUID,
    "shot_list" JSONB,
    "status" TEXT NOT NULL DEFAULT 'proposed',
    "post_id" UUID,
    "approved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plan_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_plans_business_id_created_at_idx" ON "content_plans"("business_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "plan_proposals_post_id_key" ON "plan_proposals"("post_id");

-- CreateIndex
CREATE INDEX "plan_proposals_plan_id_date_idx" ON "plan_proposals"("plan_id", "date");

-- AddForeignKey
ALTER TABLE "content_plans" ADD CONSTRAINT "content_plans_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plan_proposals" ADD CONSTRAINT "plan_proposals_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "content_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
