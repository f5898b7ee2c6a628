-- CreateIndex
CREATE INDEX "post_targets_updated_at_idx" ON "post_targets"("updated_at");

-- CreateIndex
CREATE INDEX "post_targets_status_published_at_idx" ON "post_targets"("status", "published_at");

-- CreateIndex
CREATE INDEX "posts_updated_at_idx" ON "posts"("updated_at");
