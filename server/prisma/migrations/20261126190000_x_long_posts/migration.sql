-- X: the account may post long posts (verified or subscribed), read at connect and on each token refresh
ALTER TABLE "platform_accounts" ADD COLUMN     "long_posts" BOOLEAN NOT NULL DEFAULT false;
