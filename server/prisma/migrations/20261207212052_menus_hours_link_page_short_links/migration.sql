-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "weekly_hours" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "google_locations" ADD COLUMN     "hours_sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "menu_sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "place_id" TEXT,
ADD COLUMN     "regular_hours" JSONB,
ADD COLUMN     "review_url" TEXT,
ADD COLUMN     "send_error" TEXT;

-- AlterTable
ALTER TABLE "menu_items" ADD COLUMN     "section" TEXT,
ADD COLUMN     "section_ar" TEXT;

-- CreateTable
CREATE TABLE "special_hours" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "location_id" UUID,
    "occasion" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "closed" BOOLEAN NOT NULL DEFAULT false,
    "periods" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'proposed',
    "confirmed_by_id" UUID,
    "confirmed_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "send_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "special_hours_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "link_pages" (
    "business_id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "published_at" TIMESTAMPTZ(3),
    "bio" TEXT,
    "bio_ar" TEXT,
    "show_menu" BOOLEAN NOT NULL DEFAULT true,
    "show_hours" BOOLEAN NOT NULL DEFAULT true,
    "show_posts" BOOLEAN NOT NULL DEFAULT true,
    "show_map" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "link_pages_pkey" PRIMARY KEY ("business_id")
);

-- CreateTable
CREATE TABLE "short_links" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "button" TEXT,
    "post_id" UUID,
    "campaign_id" UUID,
    "platform" "Platform",
    "location_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "short_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "short_link_days" (
    "link_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "short_link_days_pkey" PRIMARY KEY ("link_id","day")
);

-- CreateIndex
CREATE INDEX "special_hours_business_id_start_date_idx" ON "special_hours"("business_id", "start_date");

-- CreateIndex
CREATE INDEX "special_hours_location_id_idx" ON "special_hours"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "link_pages_slug_key" ON "link_pages"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "short_links_code_key" ON "short_links"("code");

-- CreateIndex
CREATE INDEX "short_links_post_id_idx" ON "short_links"("post_id");

-- CreateIndex
CREATE INDEX "short_links_campaign_id_idx" ON "short_links"("campaign_id");

-- CreateIndex
CREATE INDEX "short_links_location_id_idx" ON "short_links"("location_id");

-- CreateIndex
CREATE UNIQUE INDEX "short_links_business_id_key_key" ON "short_links"("business_id", "key");

-- AddForeignKey
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "google_locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "link_pages" ADD CONSTRAINT "link_pages_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_location_id_fkey" FOREIGN KEY ("location_id") REFERENCES "google_locations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "short_link_days" ADD CONSTRAINT "short_link_days_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "short_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
