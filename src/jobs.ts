// Every queue job of the Worker, area by area: importing an area's job module registers its handlers.
import "./documents/ingest";
import "./judges/jobs";
