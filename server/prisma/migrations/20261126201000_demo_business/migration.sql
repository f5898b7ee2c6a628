-- The quick start's demo café is flagged, so revenue figures (MRR, the month's revenue) leave it out.
-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false;
