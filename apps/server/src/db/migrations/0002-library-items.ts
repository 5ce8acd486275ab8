import type { Migration } from '../migrate.ts'

/**
 * Library items with their media (book or podcast) in one row, denormalised sort keys, authors,
 * series, facets (genres, tags, narrators) for indexed filters, podcast episodes, media progress,
 * and an FTS5 index for search. Built for 100,000 items per library.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'library-items',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE library_items (
        id TEXT PRIMARY KEY,
        library_id TEXT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
        folder_id TEXT NOT NULL REFERENCES library_folders (id) ON DELETE CASCADE,
        media_type TEXT NOT NULL CHECK (media_type IN ('book', 'podcast')),
        media_id TEXT NOT NULL UNIQUE,
        path TEXT NOT NULL,
        rel_path TEXT NOT NULL,
        is_file INTEGER NOT NULL DEFAULT 0,
        ino TEXT,
        size INTEGER NOT NULL DEFAULT 0,
        mtime_ms INTEGER NOT NULL DEFAULT 0,
        ctime_ms INTEGER NOT NULL DEFAULT 0,
        birthtime_ms INTEGER NOT NULL DEFAULT 0,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        last_scan INTEGER,
        is_missing INTEGER NOT NULL DEFAULT 0,
        is_invalid INTEGER NOT NULL DEFAULT 0,
        -- inode, size and mtime of every file, hashed: an unchanged item is skipped on rescan
        scan_fingerprint TEXT,
        title TEXT NOT NULL DEFAULT '',
        title_ignore_prefix TEXT NOT NULL DEFAULT '',
        subtitle TEXT,
        author_name TEXT NOT NULL DEFAULT '',
        author_name_lf TEXT NOT NULL DEFAULT '',
        narrator_name TEXT NOT NULL DEFAULT '',
        series_name TEXT NOT NULL DEFAULT '',
        published_year TEXT,
        published_date TEXT,
        publisher TEXT,
        description TEXT,
        isbn TEXT,
        asin TEXT,
        language TEXT,
        explicit INTEGER NOT NULL DEFAULT 0,
        abridged INTEGER NOT NULL DEFAULT 0,
        duration REAL NOT NULL DEFAULT 0,
        num_tracks INTEGER NOT NULL DEFAULT 0,
        num_chapters INTEGER NOT NULL DEFAULT 0,
        ebook_format TEXT,
        cover_path TEXT,
        -- JSON documents read only when one item is shown in full
        audio_files TEXT NOT NULL DEFAULT '[]',
        chapters TEXT NOT NULL DEFAULT '[]',
        ebook_file TEXT,
        library_files TEXT NOT NULL DEFAULT '[]',
        tags TEXT NOT NULL DEFAULT '[]',
        genres TEXT NOT NULL DEFAULT '[]',
        narrators TEXT NOT NULL DEFAULT '[]',
        -- podcast-only fields (feed url, itunes ids, type, auto-download settings ...)
        podcast TEXT,
        UNIQUE (library_id, path)
      );
      CREATE INDEX library_items_title ON library_items (library_id, title_ignore_prefix COLLATE NOCASE);
      CREATE INDEX library_items_title_full ON library_items (library_id, title COLLATE NOCASE);
      CREATE INDEX library_items_author ON library_items (library_id, author_name COLLATE NOCASE);
      CREATE INDEX library_items_author_lf ON library_items (library_id, author_name_lf COLLATE NOCASE);
      CREATE INDEX library_items_added ON library_items (library_id, added_at);
      CREATE INDEX library_items_year ON library_items (library_id, published_year);
      CREATE INDEX library_items_duration ON library_items (library_id, duration);
      CREATE INDEX library_items_size ON library_items (library_id, size);
      CREATE INDEX library_items_mtime ON library_items (library_id, mtime_ms);
      CREATE INDEX library_items_birthtime ON library_items (library_id, birthtime_ms);
      CREATE INDEX library_items_issues ON library_items (library_id) WHERE is_missing = 1 OR is_invalid = 1;
      CREATE INDEX library_items_folder ON library_items (folder_id);

      CREATE TABLE authors (
        id TEXT PRIMARY KEY,
        library_id TEXT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        last_first TEXT NOT NULL,
        asin TEXT,
        description TEXT,
        image_path TEXT,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX authors_name ON authors (library_id, name COLLATE NOCASE);
      CREATE INDEX authors_last_first ON authors (library_id, last_first COLLATE NOCASE);

      CREATE TABLE item_authors (
        item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        author_id TEXT NOT NULL REFERENCES authors (id) ON DELETE CASCADE,
        position INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (item_id, author_id)
      );
      CREATE INDEX item_authors_author ON item_authors (author_id);

      CREATE TABLE series (
        id TEXT PRIMARY KEY,
        library_id TEXT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        name_ignore_prefix TEXT NOT NULL,
        description TEXT,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX series_name ON series (library_id, name COLLATE NOCASE);
      CREATE INDEX series_name_ignore_prefix ON series (library_id, name_ignore_prefix COLLATE NOCASE);

      CREATE TABLE item_series (
        item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        series_id TEXT NOT NULL REFERENCES series (id) ON DELETE CASCADE,
        sequence TEXT,
        -- numeric value of the sequence for ordering ("2.5" -> 2.5); NULL sorts last
        sequence_sort REAL,
        PRIMARY KEY (item_id, series_id)
      );
      CREATE INDEX item_series_series ON item_series (series_id, sequence_sort);

      -- genres, tags and narrators as rows, so filters and filter data use an index
      CREATE TABLE item_facets (
        item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        library_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('genre', 'tag', 'narrator')),
        value TEXT NOT NULL,
        PRIMARY KEY (item_id, kind, value)
      );
      CREATE INDEX item_facets_value ON item_facets (library_id, kind, value);

      CREATE TABLE podcast_episodes (
        id TEXT PRIMARY KEY,
        library_item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        episode_index INTEGER,
        season TEXT,
        episode TEXT,
        episode_type TEXT,
        title TEXT NOT NULL DEFAULT '',
        subtitle TEXT,
        description TEXT,
        enclosure TEXT,
        guid TEXT,
        pub_date TEXT,
        published_at INTEGER,
        chapters TEXT NOT NULL DEFAULT '[]',
        audio_file TEXT,
        duration REAL NOT NULL DEFAULT 0,
        size INTEGER NOT NULL DEFAULT 0,
        added_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX podcast_episodes_item ON podcast_episodes (library_item_id, published_at);
      CREATE INDEX podcast_episodes_published ON podcast_episodes (published_at);

      CREATE TABLE media_progress (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        library_item_id TEXT NOT NULL REFERENCES library_items (id) ON DELETE CASCADE,
        -- '' for a book, the episode id for a podcast episode (keeps the unique key simple)
        episode_id TEXT NOT NULL DEFAULT '',
        duration REAL NOT NULL DEFAULT 0,
        progress REAL NOT NULL DEFAULT 0,
        current_time REAL NOT NULL DEFAULT 0,
        is_finished INTEGER NOT NULL DEFAULT 0,
        hide_from_continue_listening INTEGER NOT NULL DEFAULT 0,
        ebook_location TEXT,
        ebook_progress REAL,
        last_update INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        UNIQUE (user_id, library_item_id, episode_id)
      );
      CREATE INDEX media_progress_user_recent ON media_progress (user_id, last_update);
      CREATE INDEX media_progress_item ON media_progress (library_item_id);

      CREATE VIRTUAL TABLE items_fts USING fts5 (
        item_id UNINDEXED,
        library_id UNINDEXED,
        title,
        subtitle,
        authors,
        narrators,
        series,
        tags,
        genres,
        identifiers,
        tokenize = 'unicode61 remove_diacritics 2'
      );
    `)
  },
}
