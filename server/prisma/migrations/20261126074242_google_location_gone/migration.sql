-- AlterTable
ALTER TABLE "google_locations" ADD COLUMN     "gone_at" TIMESTAMPTZ(3);
