-- AlterTable
ALTER TABLE "google_locations" ADD COLUMN     "sync_retry_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "platform_accounts" ADD COLUMN     "inbox_retry_at" TIMESTAMPTZ(3),
ADD COLUMN     "inbox_sync_error" TEXT,
ADD COLUMN     "inbox_synced_at" TIMESTAMPTZ(3);
