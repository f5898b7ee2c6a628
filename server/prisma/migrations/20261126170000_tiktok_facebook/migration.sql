-- AlterEnum
ALTER TYPE "Platform" ADD VALUE 'tiktok';
ALTER TYPE "Platform" ADD VALUE 'facebook';
-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "network_options" JSONB;
