// Every queue job and cron tick of the Worker, area by area: importing an area's module registers them.
import "./documents/ingest";
import "./judges/jobs";
import "./documents/cleanup";
