-- CreateEnum
CREATE TYPE "AiProvider" AS ENUM ('local', 'openai');

-- CreateEnum
CREATE TYPE "ReviewStatus" AS ENUM ('new', 'approved', 'replied');

-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "area" TEXT,
ADD COLUMN     "cuisine" TEXT,
ADD COLUMN     "hours" TEXT,
ADD COLUMN     "hours_ar" TEXT,
ADD COLUMN     "name_ar" TEXT;

-- CreateTable
CREATE TABLE "menu_items" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_ar" TEXT,
    "price_kwd" DECIMAL(10,3),
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "menu_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_generations" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "user_id" UUID,
    "kind" TEXT NOT NULL DEFAULT 'caption',
    "provider" "AiProvider" NOT NULL,
    "fell_back" BOOLEAN NOT NULL DEFAULT false,
    "month" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_generations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "provider" "AiProvider" NOT NULL DEFAULT 'local',
    "base_url" TEXT,
    "model" TEXT,
    "api_key_sealed" TEXT,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_templates" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "occasion" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "hashtags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "content_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviews" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "reviewed_at" DATE NOT NULL,
    "sentiment" TEXT NOT NULL,
    "topics" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reply" TEXT,
    "status" "ReviewStatus" NOT NULL DEFAULT 'new',
    "approved_at" TIMESTAMPTZ(3),
    "replied_at" TIMESTAMPTZ(3),
    "import_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "menu_items_business_id_position_idx" ON "menu_items"("business_id", "position");

-- CreateIndex
CREATE INDEX "ai_generations_business_id_month_idx" ON "ai_generations"("business_id", "month");

-- CreateIndex
CREATE INDEX "content_templates_business_id_occasion_idx" ON "content_templates"("business_id", "occasion");

-- CreateIndex
CREATE INDEX "reviews_business_id_status_reviewed_at_idx" ON "reviews"("business_id", "status", "reviewed_at");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_business_id_import_key_key" ON "reviews"("business_id", "import_key");

-- AddForeignKey
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_generations" ADD CONSTRAINT "ai_generations_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_templates" ADD CONSTRAINT "content_templates_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
