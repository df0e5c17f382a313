-- Judges: what a pending evaluation's Retry-After is read from (src/judges/repo.ts findEvaluation), in the
-- status read's own statement: the organization's pending evaluations filed up to this one (its place in
-- the queue), and its latest settlements (how fast that queue drains). Both read index ranges only.
CREATE INDEX judge_evaluations_pending ON judge_evaluations(organization_id, status, created_at);
CREATE INDEX judge_evaluations_settled ON judge_evaluations(organization_id, completed_at) WHERE completed_at IS NOT NULL;
