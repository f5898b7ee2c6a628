-- CreateEnum
CREATE TYPE "Platform" AS ENUM ('instagram', 'twitter', 'snapchat');

-- CreateEnum
CREATE TYPE "AccountStatus" AS ENUM ('connected', 'reconnect_needed', 'disconnected');

-- CreateEnum
CREATE TYPE "TargetStatus" AS ENUM ('pending', 'publishing', 'published', 'failed', 'unconfirmed', 'awaiting_manual', 'cancelled');

-- CreateEnum
CREATE TYPE "MediaKind" AS ENUM ('image', 'video');

-- AlterEnum
ALTER TYPE "PostStatus" ADD VALUE 'partially_published';

-- AlterTable
ALTER TABLE "posts" ADD COLUMN     "first_comment" TEXT,
ADD COLUMN     "hashtags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "platform_accounts" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "status" "AccountStatus" NOT NULL DEFAULT 'connected',
    "external_id" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "display_name" TEXT,
    "demo" BOOLEAN NOT NULL DEFAULT false,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "token_expires_at" TIMESTAMPTZ(3),
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "last_error" TEXT,
    "connected_by_id" UUID,
    "connected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "platform_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_states" (
    "id" UUID NOT NULL,
    "state_hash" TEXT NOT NULL,
    "business_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "return_to" TEXT NOT NULL DEFAULT '/settings',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "media" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "uploader_id" UUID,
    "kind" "MediaKind" NOT NULL,
    "mime" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "duration_ms" INTEGER,
    "original_name" TEXT NOT NULL DEFAULT '',
    "storage_key" TEXT NOT NULL,
    "variants" JSONB NOT NULL DEFAULT '{}',
    "source_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "media_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "post_media" (
    "post_id" UUID NOT NULL,
    "media_id" UUID NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "post_media_pkey" PRIMARY KEY ("post_id","media_id")
);

-- CreateTable
CREATE TABLE "post_targets" (
    "id" UUID NOT NULL,
    "post_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "platform" "Platform" NOT NULL,
    "status" "TargetStatus" NOT NULL DEFAULT 'pending',
    "due_at" TIMESTAMPTZ(3),
    "attempt_key" TEXT,
    "attempt_step" TEXT,
    "attempt_started_at" TIMESTAMPTZ(3),
    "lease_until" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "progress" JSONB NOT NULL DEFAULT '{}',
    "external_id" TEXT,
    "permalink" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "views" INTEGER NOT NULL DEFAULT 0,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "reach" INTEGER NOT NULL DEFAULT 0,
    "metrics_at" TIMESTAMPTZ(3),
    "metrics_simulated" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "post_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "target_metrics" (
    "id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "collected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "views" INTEGER NOT NULL DEFAULT 0,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "comments" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "reach" INTEGER NOT NULL DEFAULT 0,
    "simulated" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "target_metrics_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "platform_accounts_status_token_expires_at_idx" ON "platform_accounts"("status", "token_expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "platform_accounts_business_id_platform_key" ON "platform_accounts"("business_id", "platform");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_states_state_hash_key" ON "oauth_states"("state_hash");

-- CreateIndex
CREATE INDEX "media_business_id_created_at_idx" ON "media"("business_id", "created_at");

-- CreateIndex
CREATE INDEX "post_media_media_id_idx" ON "post_media"("media_id");

-- CreateIndex
CREATE INDEX "post_targets_status_due_at_idx" ON "post_targets"("status", "due_at");

-- CreateIndex
CREATE INDEX "post_targets_account_id_status_idx" ON "post_targets"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "post_targets_post_id_account_id_key" ON "post_targets"("post_id", "account_id");

-- CreateIndex
CREATE INDEX "target_metrics_target_id_collected_at_idx" ON "target_metrics"("target_id", "collected_at");

-- CreateIndex
CREATE INDEX "posts_business_id_scheduled_for_idx" ON "posts"("business_id", "scheduled_for");

-- AddForeignKey
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "media" ADD CONSTRAINT "media_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "media"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "platform_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "post_targets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
