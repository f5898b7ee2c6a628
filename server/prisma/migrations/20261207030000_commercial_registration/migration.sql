-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "cr_number" TEXT;

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "cr_number" TEXT;
