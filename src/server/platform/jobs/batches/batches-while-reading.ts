/**
 * Batches written while the file is still being read (the node upload on PostgreSQL).
 *
 * An import reads its whole file before anything is kept, so that a file with a structural
 * problem (a broken zip, an unterminated quote, too many rows) writes nothing. Reading a 100k-row
 * workbook took 1.5 s of the node upload's 6.3 s, and nothing else happened meanwhile. On a
 * PostgreSQL server the importer now opens the first batch's transaction before the read and
 * writes full batches into it as the parser thread delivers rows: the read and the inserts run on
 * different cores. The transaction commits, with the job's checkpoint, only once the read has
 * ended without a problem; a problem (or a stop, or a lost connection) rolls all of it back, so
 * the promise holds. The batches after the read are committed one by one, as before.
 *
 * Not on the embedded database: PGlite has one connection, and a transaction held for the whole
 * read would make every other request wait for the read (and PGlite runs in the thread that also
 * takes the reader's rows: tried with a transaction that gave way to any request, the read
 * stretched to 8 s). Nor for the relation import, whose read already keeps both cores busy with
 * the name resolution: tried, no gain (bench/results/import-notes.md).
 */
export interface BatchesWhileReading {
  /** `available` valid rows have been read; starts the next batch when one is full and none is being written. Throws a failed batch's error. */
  rowsRead(available: number): void;
  /** Waits for the batch being written (starting no other); answers how many rows the written batches hold. */
  settle(): Promise<number>;
}

/**
 * `write(from, to)` writes valid rows [from, to) in the open transaction; batches are written one
 * at a time, in file order, each of `batchRows` rows.
 */
export function batchesWhileReading(batchRows: number, write: (from: number, to: number) => Promise<void>): BatchesWhileReading {
  let written = 0;
  let available = 0;
  let writing: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  let settling = false;
  const next = () => {
    if (writing || failure || settling || available - written < batchRows) return;
    const to = written + batchRows;
    writing = write(written, to).then(
      () => {
        written = to;
        writing = null;
        next();
      },
      (error: unknown) => {
        failure = { error };
        writing = null;
      },
    );
  };
  return {
    rowsRead(n) {
      if (failure) throw failure.error;
      available = n;
      next();
    },
    async settle() {
      settling = true;
      while (writing) await writing;
      if (failure) throw failure.error;
      return written;
    },
  };
}
