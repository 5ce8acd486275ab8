import type { Migration } from '../migrate.ts'

/**
 * Year in review and server stats at 1,000,000 listening sessions without reading them per request:
 * - `listening_months` holds the seconds and session count of each user, month and item, kept by triggers on
 *   playback_sessions (every write path, cascades included), with the display title/author of the latest
 *   write so an item deleted later still counts for its author. A year of the whole server is ~10,000 rows.
 * - The longest session of a year (a user's or the server's) is the first entry of an index on the year.
 * - Books finished in a year come from a partial index on media_progress.finished_at.
 * - A library's totals (items, tracks, duration, size) and those of the items added in a year come from one narrow
 *   index (one scan instead of four; the year's additions a range of it instead of 20,000 item rows).
 */
export const SESSION_YEAR = 'substr(date, 1, 4)'
export const ITEM_TOTALS_INDEX = 'library_items_totals'

export const migration0020: Migration = {
  version: 20,
  name: 'listening-rollup',
  up(sqlite) {
    sqlite.exec(`
      CREATE TABLE listening_months (
        user_id TEXT NOT NULL,
        -- YYYY-MM of the sessions' date (the server's local day)
        month TEXT NOT NULL,
        library_item_id TEXT NOT NULL,
        media_type TEXT NOT NULL,
        seconds REAL NOT NULL,
        sessions INTEGER NOT NULL,
        display_title TEXT NOT NULL DEFAULT '',
        display_author TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (user_id, month, library_item_id)
      ) WITHOUT ROWID;
      CREATE INDEX listening_months_month ON listening_months (month, library_item_id, user_id, seconds, media_type);

      INSERT INTO listening_months (user_id, month, library_item_id, media_type, seconds, sessions, display_title, display_author)
        SELECT user_id, substr(date, 1, 7), library_item_id, max(media_type), total(time_listening), count(*),
          max(display_title), max(display_author)
        FROM playback_sessions GROUP BY user_id, substr(date, 1, 7), library_item_id;

      CREATE TRIGGER listening_months_insert AFTER INSERT ON playback_sessions BEGIN
        INSERT INTO listening_months (user_id, month, library_item_id, media_type, seconds, sessions, display_title, display_author)
          VALUES (new.user_id, substr(new.date, 1, 7), new.library_item_id, new.media_type, new.time_listening, 1,
            new.display_title, new.display_author)
          ON CONFLICT (user_id, month, library_item_id) DO UPDATE SET seconds = seconds + excluded.seconds,
            sessions = sessions + 1, display_title = excluded.display_title, display_author = excluded.display_author;
      END;

      -- A sync adds seconds to its session: one row adjusted in place.
      CREATE TRIGGER listening_months_sync AFTER UPDATE OF time_listening ON playback_sessions
        WHEN old.user_id = new.user_id AND old.date = new.date AND old.library_item_id = new.library_item_id
          AND old.time_listening IS NOT new.time_listening
      BEGIN
        UPDATE listening_months SET seconds = seconds + new.time_listening - old.time_listening
          WHERE user_id = new.user_id AND month = substr(new.date, 1, 7) AND library_item_id = new.library_item_id;
      END;

      -- A session moved to another user, day or item (not done by the server today, kept right anyway).
      CREATE TRIGGER listening_months_move AFTER UPDATE OF user_id, date, library_item_id ON playback_sessions
        WHEN old.user_id IS NOT new.user_id OR old.date IS NOT new.date OR old.library_item_id IS NOT new.library_item_id
      BEGIN
        UPDATE listening_months SET seconds = seconds - old.time_listening, sessions = sessions - 1
          WHERE user_id = old.user_id AND month = substr(old.date, 1, 7) AND library_item_id = old.library_item_id;
        DELETE FROM listening_months WHERE user_id = old.user_id AND month = substr(old.date, 1, 7)
          AND library_item_id = old.library_item_id AND sessions <= 0;
        INSERT INTO listening_months (user_id, month, library_item_id, media_type, seconds, sessions, display_title, display_author)
          VALUES (new.user_id, substr(new.date, 1, 7), new.library_item_id, new.media_type, new.time_listening, 1,
            new.display_title, new.display_author)
          ON CONFLICT (user_id, month, library_item_id) DO UPDATE SET seconds = seconds + excluded.seconds,
            sessions = sessions + 1, display_title = excluded.display_title, display_author = excluded.display_author;
      END;

      CREATE TRIGGER listening_months_delete AFTER DELETE ON playback_sessions BEGIN
        UPDATE listening_months SET seconds = seconds - old.time_listening, sessions = sessions - 1
          WHERE user_id = old.user_id AND month = substr(old.date, 1, 7) AND library_item_id = old.library_item_id;
        DELETE FROM listening_months WHERE user_id = old.user_id AND month = substr(old.date, 1, 7)
          AND library_item_id = old.library_item_id AND sessions <= 0;
      END;

      CREATE INDEX playback_sessions_year_longest ON playback_sessions (${SESSION_YEAR}, time_listening);
      CREATE INDEX playback_sessions_user_year_longest ON playback_sessions (user_id, ${SESSION_YEAR}, time_listening);
      CREATE INDEX media_progress_finished ON media_progress (finished_at, user_id, library_item_id, episode_id)
        WHERE finished_at IS NOT NULL;
      CREATE INDEX ${ITEM_TOTALS_INDEX} ON library_items (library_id, added_at, duration, size, num_tracks);
    `)
  },
}
