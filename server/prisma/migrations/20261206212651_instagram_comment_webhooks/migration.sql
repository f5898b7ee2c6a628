-- Instagram accounts subscribed to the comments webhook: their comments are then read by a slow sweep only.
-- AlterTable
ALTER TABLE "platform_accounts" ADD COLUMN     "comments_subscribed_at" TIMESTAMPTZ(3);
