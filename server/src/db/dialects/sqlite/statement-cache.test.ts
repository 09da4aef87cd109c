import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements } from './statement-cache';

describe('cachingStatements', () => {
  let sqlite: SQLite.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });
  const open = () => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    return sqlite;
  };

  it('should hand back the same prepared statement when the same text comes again', () => {
    const db = cachingStatements(open());
    const first = db.prepare('SELECT n FROM t ORDER BY n');
    expect(db.prepare('SELECT n FROM t ORDER BY n')).toBe(first);
    expect(first.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('should prepare a fresh statement when the kept one is still being iterated', () => {
    const connection = open();
    for (const db of [cachingStatements(connection), cachingStatements(connection, undefined, 1)]) {
      const text = 'SELECT n FROM t ORDER BY n';
      const streaming = db.prepare(text).iterate([]);
      expect(streaming.next().value).toEqual({ n: 1 });
      const other = db.prepare(text);
      expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect([...streaming]).toEqual([{ n: 2 }, { n: 3 }]);
    }
  });

  it('should forget the least recently used text when more are kept than its size', () => {
    const db = cachingStatements(open(), 2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a);
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
  });

  it('should read the new columns when the schema changed under a kept statement', () => {
    const db = cachingStatements(open(), undefined, 1);
    const text = 'SELECT * FROM t ORDER BY n';
    expect(db.prepare(text).all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    sqlite.exec("ALTER TABLE t ADD COLUMN label TEXT DEFAULT 'x'");
    expect(db.prepare(text).all([])[0]).toEqual({ n: 1, label: 'x' });
  });

  // Rows built by the statement's own function (every width here; WIDE_ROW columns in the server).
  it('should read the renamed column when a kept statement\'s column was renamed', () => {
    const db = cachingStatements(open(), undefined, 1);
    const text = 'SELECT * FROM t ORDER BY rowid';
    expect(db.prepare(text).all([])[0]).toEqual({ n: 1 });
    sqlite.exec('ALTER TABLE t RENAME COLUMN n TO number');
    expect(db.prepare(text).all([])[0]).toEqual({ number: 1 });
  });

  it('should give rows as objects when a statement is iterated, returns rows from a change or names a column twice', () => {
    const db = cachingStatements(open(), undefined, 1);
    expect([...db.prepare('SELECT n, n * 2 AS twice FROM t ORDER BY n').iterate([])]).toEqual([{ n: 1, twice: 2 }, { n: 2, twice: 4 }, { n: 3, twice: 6 }]);
    expect(db.prepare('INSERT INTO t (n) VALUES (?) RETURNING n, \'x\' AS "quoted"" name"').all([4])).toEqual([{ n: 4, 'quoted" name': 'x' }]);
    expect(db.prepare('SELECT n AS a, n * 10 AS a FROM t WHERE n = ?').all([2])).toEqual([{ a: 20 }]);
    expect(db.prepare('UPDATE t SET n = n WHERE n > ?').run([2])).toMatchObject({ changes: 2 });
  });

  // The migrations run on the writer connection (or in another process); the reader learns of them.
  it('should name the columns in their new order when another connection changed the table', () => {
    const folder = mkdtempSync(join(tmpdir(), 'statement-cache-'));
    const writer = new SQLite(join(folder, 'shared.sqlite'));
    writer.exec("CREATE TABLE u (id INTEGER, flag INTEGER, label TEXT); INSERT INTO u VALUES (1, 0, 'x')");
    const cached = cachingStatements(new SQLite(join(folder, 'shared.sqlite')), undefined, 1);
    try {
      expect(cached.prepare('SELECT * FROM u').all([])).toEqual([{ id: 1, flag: 0, label: 'x' }]);
      // A step down and up again: the column comes back last.
      writer.exec('ALTER TABLE u DROP COLUMN flag; ALTER TABLE u ADD COLUMN flag INTEGER DEFAULT 0');
      expect(cached.prepare('SELECT * FROM u').all([])).toEqual([{ id: 1, label: 'x', flag: 0 }]);
      expect(Object.keys(cached.prepare('SELECT u.*, 2 AS two FROM u').all([])[0] as object)).toEqual(['id', 'label', 'flag', 'two']);
    } finally {
      cached.close();
      writer.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
