"""The forum's world generator: users, forums, posts and threads (`generate`), votes, moderation
and the wiki, written to the mutable seed (`seed`) and the read-only content database
(`content_db`). The seed cache is keyed by this package's sources (and what it imports), so
only edits here or in the text generator rebuild it."""
