-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "clients_may_reply" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "hidden" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'review',
ADD COLUMN     "location_id" UUID,
ADD COLUMN     "media_external_id" TEXT,
ADD COLUMN     "permalink" TEXT,
ADD COLUMN     "post_id" UUID,
ADD COLUMN     "private_replied_at" TIMESTAMPTZ(3),
ADD COLUMN     "private_reply" TEXT,
ADD COLUMN     "replied_by_id" UUID,
ADD COLUMN     "replied_via" TEXT,
ADD COLUMN     "send_error" TEXT,
ADD COLUMN     "sending_at" TIMESTAMPTZ(3),
ADD COLUMN     "source_updated_at" TIMESTAMPTZ(3),
ADD COLUMN     "thread" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "written_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ALTER COLUMN "rating" DROP NOT NULL;

-- Rows from before the inbox: written at noon in Kuwait of their day, and an answer recorded then was marked by a person
UPDATE "reviews" SET "written_at" = "reviewed_at"::timestamp + interval '9 hours', "replied_via" = CASE WHEN "status" = 'replied' THEN 'marked' ELSE NULL END;

-- CreateTable
CREATE TABLE "google_locations" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "google_account" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "picked" BOOLEAN NOT NULL DEFAULT false,
    "average_rating" DOUBLE PRECISION,
    "total_reviews" INTEGER,
    "last_synced_at" TIMESTAMPTZ(3),
    "last_sync_error" TEXT,
    "demo" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "google_locations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "google_locations_picked_last_synced_at_idx" ON "google_locations"("picked", "last_synced_at");

-- CreateIndex
CREATE UNIQUE INDEX "google_locations_business_id_name_key" ON "google_locations"("business_id", "name");

-- CreateIndex
CREATE INDEX "reviews_business_id_written_at_idx" ON "reviews"("business_id", "written_at");

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "google_locations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "google_locations" ADD CONSTRAINT "google_locations_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "google_locations" ADD CONSTRAINT "google_locations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "platform_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
