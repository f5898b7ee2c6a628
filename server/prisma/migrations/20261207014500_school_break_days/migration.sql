-- AlterTable
ALTER TABLE "holiday_overrides" ADD COLUMN     "days" INTEGER;
