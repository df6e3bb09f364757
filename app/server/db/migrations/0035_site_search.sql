-- The site search (issue 38, decision 028). unaccent and pg_trgm are trusted contrib extensions:
-- in the embedded PostgreSQL 18 and in Debian's postgresql-15 alike.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- French stemming after unaccent: « électricité », « electricite » and « électricités » meet.
CREATE TEXT SEARCH CONFIGURATION "french_unaccent" (COPY = french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "french_unaccent" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;--> statement-breakpoint
-- The words as written, lower-cased without accents: the lexicon a typo is corrected from.
CREATE TEXT SEARCH CONFIGURATION "simple_unaccent" (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "simple_unaccent" ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"vector" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_check" CHECK ("kind" IN ('page', 'expertise', 'project', 'article'))
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_searches" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 1 NOT NULL,
	"results" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_searches_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- One searchable row from its fields as JSON: the title column weighs A, the summary columns B, the
-- body columns D (names separated by spaces). HTML tags and entities are not words for the parser.
-- Its publication columns as the public lists' rule reads them: an article's or a project's own; a
-- CMS page 'published' without dates when is_published, else 'draft'; an expertise block 'published'.
CREATE FUNCTION "search_index"(doc jsonb, doc_kind text, title_columns text, summary_columns text, body_columns text) RETURNS void
LANGUAGE sql AS $$
  WITH parts AS (
    SELECT doc ->> title_columns AS title,
      (SELECT string_agg(doc ->> c, ' ') FROM unnest(string_to_array(summary_columns, ' ')) c) AS summary,
      (SELECT string_agg(doc ->> c, ' ') FROM unnest(string_to_array(body_columns, ' ')) c) AS body
  ), indexed AS (
    INSERT INTO search_documents (id, kind, status, published_at, scheduled_at, vector)
    SELECT (doc ->> 'id')::uuid, doc_kind,
      coalesce(doc ->> 'status', CASE WHEN (doc ->> 'is_published')::boolean IS FALSE THEN 'draft' ELSE 'published' END),
      CASE WHEN doc ? 'status' THEN (doc ->> 'published_at')::timestamptz END,
      CASE WHEN doc ? 'status' THEN (doc ->> 'scheduled_at')::timestamptz END,
      setweight(to_tsvector('french_unaccent', coalesce(parts.title, '')), 'A') ||
      setweight(to_tsvector('french_unaccent', coalesce(parts.summary, '')), 'B') ||
      setweight(to_tsvector('french_unaccent', coalesce(parts.body, '')), 'D')
    FROM parts
    ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, status = excluded.status,
      published_at = excluded.published_at, scheduled_at = excluded.scheduled_at, vector = excluded.vector
  )
  INSERT INTO search_words (word)
  SELECT DISTINCT word FROM parts,
    unnest(tsvector_to_array(to_tsvector('simple_unaccent', concat_ws(' ', parts.title, parts.summary, parts.body)))) word
  WHERE length(word) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- Trigger arguments: the kind, then search_index's title, summary and body column lists.
CREATE FUNCTION "search_index_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE id = OLD.id;
  ELSE
    PERFORM search_index(to_jsonb(NEW), TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], TG_ARGV[3]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "blog_articles_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "excerpt", "content", "status", "published_at", "scheduled_at" ON "blog_articles"
FOR EACH ROW EXECUTE FUNCTION "search_index_row"('article', 'title', 'excerpt', 'content');--> statement-breakpoint
CREATE TRIGGER "projects_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "description", "location", "category", "content", "challenges", "solutions", "results", "status", "published_at", "scheduled_at" ON "projects"
FOR EACH ROW EXECUTE FUNCTION "search_index_row"('project', 'title', 'description location category', 'content challenges solutions results');--> statement-breakpoint
CREATE TRIGGER "cms_pages_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "meta_description", "content", "is_published" ON "cms_pages"
FOR EACH ROW EXECUTE FUNCTION "search_index_row"('page', 'title', 'meta_description', 'content');--> statement-breakpoint
CREATE TRIGGER "expertise_blocks_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "description" ON "expertise_blocks"
FOR EACH ROW EXECUTE FUNCTION "search_index_row"('expertise', 'title', 'description', '');--> statement-breakpoint
SELECT search_index(to_jsonb(a), 'article', 'title', 'excerpt', 'content') FROM "blog_articles" a;--> statement-breakpoint
SELECT search_index(to_jsonb(p), 'project', 'title', 'description location category', 'content challenges solutions results') FROM "projects" p;--> statement-breakpoint
SELECT search_index(to_jsonb(c), 'page', 'title', 'meta_description', 'content') FROM "cms_pages" c;--> statement-breakpoint
SELECT search_index(to_jsonb(e), 'expertise', 'title', 'description', '') FROM "expertise_blocks" e;