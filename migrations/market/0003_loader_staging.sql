-- Per-table loader (POST /admin/v1/market/{table}) for securities and fundamentals too: staging tables
-- with the live columns plus load_id (copied from the live tables, without their constraints), switched
-- into the live table in one transaction.
CREATE TABLE securities_staging AS SELECT '' AS load_id, * FROM securities WHERE 0;
CREATE INDEX securities_staging_load ON securities_staging(load_id);
CREATE TABLE fundamentals_staging AS SELECT '' AS load_id, * FROM fundamentals WHERE 0;
CREATE INDEX fundamentals_staging_load ON fundamentals_staging(load_id);
