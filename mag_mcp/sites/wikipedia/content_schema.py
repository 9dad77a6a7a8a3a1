"""SQL schema of the wiki's read-only content database (documented in `seed`)."""

SCHEMA = """
CREATE TABLE images (
    file TEXT PRIMARY KEY, article_id INTEGER NOT NULL, caption_html TEXT NOT NULL, caption_text TEXT NOT NULL,
    alt TEXT NOT NULL, kind TEXT NOT NULL, params TEXT NOT NULL);
CREATE TABLE articles (
    id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE, slug TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
    entity TEXT, description TEXT NOT NULL, infobox_title TEXT NOT NULL, hatnote_html TEXT NOT NULL,
    lead_html TEXT NOT NULL, lead_text TEXT NOT NULL, plain_text TEXT NOT NULL, word_count INTEGER NOT NULL,
    page_chars INTEGER NOT NULL, references_html TEXT NOT NULL, navboxes TEXT NOT NULL, aliases TEXT NOT NULL,
    image_file TEXT REFERENCES images(file), random_rank INTEGER NOT NULL UNIQUE);
CREATE INDEX articles_kind ON articles(kind);
CREATE TABLE sections (
    id INTEGER PRIMARY KEY, article_id INTEGER NOT NULL REFERENCES articles(id), position INTEGER NOT NULL,
    heading TEXT NOT NULL, anchor TEXT NOT NULL, level INTEGER NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX sections_article ON sections(article_id, position);
CREATE TABLE infobox_rows (
    id INTEGER PRIMARY KEY, article_id INTEGER NOT NULL REFERENCES articles(id), position INTEGER NOT NULL,
    label TEXT NOT NULL, value TEXT NOT NULL, value_html TEXT NOT NULL);
CREATE INDEX infobox_article ON infobox_rows(article_id, position);
CREATE TABLE links (
    id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL REFERENCES articles(id),
    target_id INTEGER NOT NULL REFERENCES articles(id), anchor TEXT NOT NULL, section TEXT NOT NULL);
CREATE INDEX links_source ON links(source_id);
CREATE INDEX links_target ON links(target_id);
CREATE TABLE categories (
    article_id INTEGER NOT NULL REFERENCES articles(id), position INTEGER NOT NULL, name TEXT NOT NULL,
    PRIMARY KEY (article_id, position));
CREATE INDEX categories_name ON categories(name);
CREATE TABLE category_sizes (name TEXT PRIMARY KEY, members INTEGER NOT NULL);
CREATE TABLE navboxes (key TEXT PRIMARY KEY, title TEXT NOT NULL, html TEXT NOT NULL);
CREATE TABLE redirects (
    title TEXT NOT NULL UNIQUE, slug TEXT NOT NULL UNIQUE, target_id INTEGER NOT NULL REFERENCES articles(id));
CREATE TABLE titles (lower_title TEXT NOT NULL, title TEXT NOT NULL, target_id INTEGER NOT NULL);
CREATE INDEX titles_lower ON titles(lower_title);
CREATE TABLE main_page (
    id INTEGER PRIMARY KEY, block TEXT NOT NULL, position INTEGER NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL);
CREATE VIEW search_docs AS
    SELECT a.id, a.title, a.aliases,
           coalesce((SELECT group_concat(r.value, ' ') FROM infobox_rows r WHERE r.article_id = a.id), '') AS infobox,
           a.plain_text AS body
    FROM articles a;
CREATE VIRTUAL TABLE search_index USING fts5(title, aliases, infobox, body, content = 'search_docs',
                                             content_rowid = 'id', tokenize = 'porter unicode61');
"""
