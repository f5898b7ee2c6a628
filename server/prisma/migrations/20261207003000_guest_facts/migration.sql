-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "address_ar" TEXT,
ADD COLUMN     "delivery_apps" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "eid_hours" TEXT,
ADD COLUMN     "eid_hours_ar" TEXT,
ADD COLUMN     "map_url" TEXT,
ADD COLUMN     "public_phone" TEXT,
ADD COLUMN     "ramadan_hours" TEXT,
ADD COLUMN     "ramadan_hours_ar" TEXT,
ADD COLUMN     "reservation_mode" TEXT,
ADD COLUMN     "reservation_phone" TEXT,
ADD COLUMN     "reservation_url" TEXT;

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "reply_gaps" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "reply_rejected" TEXT[] DEFAULT ARRAY[]::TEXT[];
