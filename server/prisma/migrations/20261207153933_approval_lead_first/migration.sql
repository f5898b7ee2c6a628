-- The optional first step of approvals (docs/product.md#agencies-and-approvals): an agency lead checks posts its
-- people send before the café owners see them.

-- AlterEnum
ALTER TYPE "PostApproval" ADD VALUE 'lead_review';

-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "approval_lead_first" BOOLEAN NOT NULL DEFAULT false;
