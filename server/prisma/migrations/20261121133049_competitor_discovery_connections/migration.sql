-- AlterTable
ALTER TABLE "oauth_states" ADD COLUMN     "purpose" TEXT NOT NULL DEFAULT 'platform';

-- CreateTable
CREATE TABLE "competitor_discovery_connections" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "status" "AccountStatus" NOT NULL DEFAULT 'connected',
    "facebook_user_id" TEXT NOT NULL,
    "page_id" TEXT NOT NULL,
    "page_name" TEXT NOT NULL,
    "ig_user_id" TEXT NOT NULL,
    "ig_username" TEXT NOT NULL,
    "access_token" TEXT NOT NULL,
    "token_expires_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "connected_by_id" UUID,
    "connected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "competitor_discovery_connections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "competitor_discovery_connections_business_id_key" ON "competitor_discovery_connections"("business_id");

-- AddForeignKey
ALTER TABLE "competitor_discovery_connections" ADD CONSTRAINT "competitor_discovery_connections_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
