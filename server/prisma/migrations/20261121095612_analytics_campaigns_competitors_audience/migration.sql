-- CreateEnum
CREATE TYPE "CampaignGoal" AS ENUM ('awareness', 'footfall', 'orders', 'launch');

-- CreateEnum
CREATE TYPE "CompetitorSource" AS ENUM ('manual', 'csv', 'instagram');

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "campaign_id" UUID,
ADD COLUMN     "occasion" TEXT;

-- CreateTable
CREATE TABLE "audience_snapshots" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "day" DATE NOT NULL,
    "followers" INTEGER,
    "cities" JSONB NOT NULL DEFAULT '[]',
    "ages" JSONB NOT NULL DEFAULT '[]',
    "genders" JSONB NOT NULL DEFAULT '[]',
    "active_hours" JSONB NOT NULL DEFAULT '[]',
    "simulated" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audience_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "goal" "CampaignGoal" NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "budget_fils" INTEGER,
    "occasion" TEXT,
    "goal_target" INTEGER,
    "goal_result" INTEGER,
    "notes" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "competitors" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "handle" TEXT NOT NULL,
    "area" TEXT,
    "cuisine" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "competitors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "competitor_snapshots" (
    "id" UUID NOT NULL,
    "competitor_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "followers" INTEGER,
    "posts_per_week" DOUBLE PRECISION,
    "avg_engagement" DOUBLE PRECISION,
    "top_themes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "source" "CompetitorSource" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "competitor_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audience_snapshots_business_id_day_idx" ON "audience_snapshots"("business_id", "day");

-- CreateIndex
CREATE UNIQUE INDEX "audience_snapshots_account_id_day_key" ON "audience_snapshots"("account_id", "day");

-- CreateIndex
CREATE INDEX "campaigns_business_id_start_date_idx" ON "campaigns"("business_id", "start_date");

-- CreateIndex
CREATE UNIQUE INDEX "campaigns_business_id_name_key" ON "campaigns"("business_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "competitors_business_id_platform_handle_key" ON "competitors"("business_id", "platform", "handle");

-- CreateIndex
CREATE UNIQUE INDEX "competitor_snapshots_competitor_id_day_key" ON "competitor_snapshots"("competitor_id", "day");

-- CreateIndex
CREATE INDEX "posts_business_id_published_at_idx" ON "posts"("business_id", "published_at");

-- CreateIndex
CREATE INDEX "posts_campaign_id_idx" ON "posts"("campaign_id");

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audience_snapshots" ADD CONSTRAINT "audience_snapshots_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audience_snapshots" ADD CONSTRAINT "audience_snapshots_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "platform_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competitor_snapshots" ADD CONSTRAINT "competitor_snapshots_competitor_id_fkey" FOREIGN KEY ("competitor_id") REFERENCES "competitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
