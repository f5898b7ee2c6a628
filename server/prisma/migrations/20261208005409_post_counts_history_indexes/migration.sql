-- CreateTable
CREATE TABLE "post_counts" (
    "business_id" UUID NOT NULL,
    "posts" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "post_counts_pkey" PRIMARY KEY ("business_id")
);

-- CreateIndex
CREATE INDEX "conversations_post_id_idx" ON "conversations"("post_id");

-- CreateIndex
CREATE INDEX "posts_business_id_approval_idx" ON "posts"("business_id", "approval");

-- CreateIndex
CREATE INDEX "posts_business_id_scheduled_for_created_at_id_idx" ON "posts"("business_id", "scheduled_for" DESC, "created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "reviews_post_id_idx" ON "reviews"("post_id");

-- AddForeignKey
ALTER TABLE "post_counts" ADD CONSTRAINT "post_counts_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- post_counts follows posts in the writing transaction: one statement-level trigger per insert or delete
-- statement (a bulk insert updates the row of each business once), businesses in id order, so two bulk
-- writes never wait on each other crosswise. A post never moves to another business.
-- (the bodies' semicolons are written \073: the migration runner splits statements on every semicolon)
CREATE FUNCTION "post_counts_added"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN INSERT INTO "post_counts" AS c ("business_id", "posts") SELECT "business_id", count(*)::int FROM new_posts GROUP BY 1 ORDER BY 1 ON CONFLICT ("business_id") DO UPDATE SET "posts" = c."posts" + excluded."posts"\073 RETURN NULL\073 END';
CREATE FUNCTION "post_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS E'BEGIN UPDATE "post_counts" c SET "posts" = c."posts" - o.n FROM (SELECT "business_id", count(*)::int AS n FROM old_posts GROUP BY 1 ORDER BY 1) o WHERE c."business_id" = o."business_id"\073 RETURN NULL\073 END';
CREATE TRIGGER "post_counts_added" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_added"();
CREATE TRIGGER "post_counts_removed" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION "post_counts_removed"();

-- the posts written before the counters
INSERT INTO "post_counts" ("business_id", "posts") SELECT "business_id", count(*)::int FROM "posts" GROUP BY 1;
