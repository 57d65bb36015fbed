BEGIN TRANSACTION;
CREATE TABLE calls (
    key TEXT PRIMARY KEY,
    judge TEXT NOT NULL,
    model TEXT NOT NULL,
    request TEXT NOT NULL,
    reply TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL DEFAULT 0,
    completion_tokens INTEGER NOT NULL DEFAULT 0,
    latency REAL NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "meta" VALUES('version','1');
CREATE TABLE results (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    row_index INTEGER NOT NULL,
    row_id TEXT NOT NULL,
    status TEXT NOT NULL,
    value TEXT,
    error TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '{}',
    updated REAL NOT NULL,
    PRIMARY KEY (run_id, row_index)
);
INSERT INTO "results" VALUES(1,0,'geo-1','ok','true','','{"judges":[{"judge":"answer-check","metric":"contains","decided":true,"detail":"the response contains the reference ''Canberra''","verdict":{"ok":true,"value":true,"label":"True","dimensions":{},"ambiguous":false,"candidates":[],"reason":""}}],"decided_by_rule":false}',1.795466740408116579e+09);
INSERT INTO "results" VALUES(1,1,'geo-2','ok','true','','{"judges":[{"judge":"answer-check","metric":"contains","decided":true,"detail":"the response contains the reference ''The Nile''","verdict":{"ok":true,"value":true,"label":"True","dimensions":{},"ambiguous":false,"candidates":[],"reason":""}}],"decided_by_rule":false}',1.79546674040830445294e+09);
INSERT INTO "results" VALUES(1,2,'geo-3','ok','false','','{"judges":[{"judge":"answer-check","metric":"contains","decided":true,"detail":"the response does not contain the reference ''Mount Kilimanjaro''","verdict":{"ok":true,"value":false,"label":"False","dimensions":{},"ambiguous":false,"candidates":[],"reason":""}}],"decided_by_rule":false}',1.79546674040844726565e+09);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started REAL NOT NULL,
    finished REAL,
    status TEXT NOT NULL,
    selection TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT ''
);
INSERT INTO "runs" VALUES(1,1.79546674040752172463e+09,1.79546674040867924688e+09,'finished','3 rows','');
CREATE INDEX results_by_row ON results(row_index, run_id);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('runs',1);
COMMIT;
