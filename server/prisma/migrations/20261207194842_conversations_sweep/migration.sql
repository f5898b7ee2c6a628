-- AlterTable
ALTER TABLE "platform_accounts" ADD COLUMN     "messages_swept_at" TIMESTAMPTZ(3);
