-- A person belongs to one or more businesses, with a role in each (docs/architecture.md#memberships):
-- users.business_id becomes the person's membership, as old as their account (so the oldest client is
-- still the account holder), last used at their last sign-in.

-- CreateTable
CREATE TABLE "memberships" (
    "user_id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "role" "Role" NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("user_id","business_id")
);

-- CreateIndex
CREATE INDEX "memberships_business_id_created_at_idx" ON "memberships"("business_id", "created_at");

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each person of a business today: their membership
INSERT INTO "memberships" ("user_id", "business_id", "role", "last_used_at", "created_at")
SELECT "id", "business_id", "role", "last_login_at", "created_at" FROM "users"
 WHERE "business_id" IS NOT NULL AND "role" <> 'admin';

-- DropForeignKey
ALTER TABLE "users" DROP CONSTRAINT "users_business_id_fkey";

-- DropIndex
DROP INDEX "users_business_id_idx";

-- AlterTable
ALTER TABLE "users" DROP COLUMN "business_id";
