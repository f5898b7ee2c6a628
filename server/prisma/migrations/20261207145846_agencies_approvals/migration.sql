-- Agencies and approvals (docs/architecture.md#agencies, docs/product.md#agencies-and-approvals): an agency serves
-- cafés through agency links (its people get memberships marked with the agency), posts carry an approval state and
-- a revision, their approvals a history, and signed links let an owner approve without an account.

-- CreateEnum
CREATE TYPE "PostApproval" AS ENUM ('none', 'in_review', 'approved', 'changes_requested');

-- CreateEnum
CREATE TYPE "AgencyLinkStatus" AS ENUM ('pending', 'active', 'ended');

-- AlterTable
ALTER TABLE "businesses" ADD COLUMN     "is_agency" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "require_approval" BOOLEAN;

-- AlterTable
ALTER TABLE "memberships" ADD COLUMN     "agency_id" UUID;

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "approval" "PostApproval" NOT NULL DEFAULT 'none',
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "agency_links" (
    "id" UUID NOT NULL,
    "agency_id" UUID NOT NULL,
    "cafe_id" UUID NOT NULL,
    "status" "AgencyLinkStatus" NOT NULL DEFAULT 'pending',
    "requested_by" TEXT NOT NULL,
    "may_publish" BOOLEAN NOT NULL DEFAULT true,
    "grants" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_id" UUID,
    "accepted_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agency_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "post_approval_events" (
    "id" UUID NOT NULL,
    "post_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "actor_id" UUID,
    "link_id" UUID,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "post_approval_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_links" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "created_by_id" UUID,
    "locale" TEXT NOT NULL DEFAULT 'ar',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "approval_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "approval_link_posts" (
    "link_id" UUID NOT NULL,
    "post_id" UUID NOT NULL,

    CONSTRAINT "approval_link_posts_pkey" PRIMARY KEY ("link_id","post_id")
);

-- CreateIndex
CREATE INDEX "agency_links_agency_id_status_idx" ON "agency_links"("agency_id", "status");

-- CreateIndex
CREATE INDEX "agency_links_cafe_id_status_idx" ON "agency_links"("cafe_id", "status");

-- CreateIndex
CREATE INDEX "post_approval_events_post_id_created_at_idx" ON "post_approval_events"("post_id", "created_at");

-- CreateIndex
CREATE INDEX "approval_links_business_id_created_at_idx" ON "approval_links"("business_id", "created_at");

-- CreateIndex
CREATE INDEX "approval_link_posts_post_id_idx" ON "approval_link_posts"("post_id");

-- CreateIndex
CREATE INDEX "memberships_agency_id_idx" ON "memberships"("agency_id");

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agency_links" ADD CONSTRAINT "agency_links_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agency_links" ADD CONSTRAINT "agency_links_cafe_id_fkey" FOREIGN KEY ("cafe_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_approval_events" ADD CONSTRAINT "post_approval_events_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_approval_events" ADD CONSTRAINT "post_approval_events_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "approval_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approval_link_posts" ADD CONSTRAINT "approval_link_posts_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "approval_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "approval_link_posts" ADD CONSTRAINT "approval_link_posts_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One link in force (asked or active) per agency and café, ended ones stay as history
CREATE UNIQUE INDEX "agency_links_one_in_force" ON "agency_links"("agency_id", "cafe_id") WHERE "status" <> 'ended';
