-- AlterTable
ALTER TABLE "ai_generations" ADD COLUMN     "drafts" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "voice" JSONB;
