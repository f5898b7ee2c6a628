-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "google_options" JSONB;
