package mcp

// The tool descriptions an assistant reads before calling: each says what
// a degraded or empty answer means and what to do instead of guessing.

const findCallersDescription = `Who calls this function or method? Answers through a cascade: the code graph (precise: direct calls, calls through interfaces and dependency injection, and framework links such as event emit -> @OnEvent handler, queue.add -> @Process, signal send -> @receiver, route registration), then a text search of the live code, then a keyword search, then a report.
symbol: a name, Class.method, a symbol id (path#Class.method) or FILE:LINE:COL (1-based).
Read meta.stage and each call's provenance: "graph" with precise=true is a real caller (provenance.reference names the function when that caller uses it as a value instead of calling it: passed as a callback, stored, bound, returned); grep/keyword/name-match callers are only POSSIBLE (text that looks like a call) and are flagged so. entry_points say how a framework reaches a handler that no code calls (a route, a schedule, a hook).
If the answer is empty or degraded (error NO_CALLERS_FOUND, SYMBOL_NOT_FOUND or GRAPH_TIMEOUT, meta.degraded=true): do NOT conclude the function is unused and do NOT invent callers. Read explanation and causes, then make the calls in next_tool_calls (search_code, trace_event, index_codebase) and say what you checked.`

const findCalleesDescription = `What does this function or method call? The code graph's resolved callees with their call sites, framework links included (an emit names the handlers it reaches). symbol as for find_callers. An empty answer for a function that calls nothing is precise; a degraded one says why (not indexed, unknown symbol) and what to call next.`

const findSymbolDescription = `Find symbols by name when you only half remember it: exact matches for a name, Class.method or symbol id, then similar names ranked by full-text relevance, each with its kind, location and how frameworks invoke it (route, event handler, task). Use the id or location it returns with find_callers. No match is an answer too: it means the index holds no symbol by that name (check the spelling, or run index_codebase if the code is new).`

const traceEventDescription = `Who publishes and who handles an event, job, topic, signal, task or route key (for example "order.placed", a Kafka topic, "post_save", a Celery task name)? Lists every publishing site and every handler the code graph links to the key, across NestJS, Bull/BullMQ, CQRS, Django signals, Celery, Spring and Go registrations. Keys are matched as the frameworks evaluate them (constants and enum members resolved). A key with handlers and no publisher is published from outside this code (another service, a broker, a schedule) or built at run time: say so instead of guessing a publisher.`

const searchCodeDescription = `Text search over the live workspace, for when the graph has no answer. kind "identifier" lists the code sites (calls and references, comments and strings excluded) of a name; kind "text" ranks string literals and symbol names against words. Results are TEXT matches, not proven calls: treat them as leads to read, and say they are unconfirmed.`

const indexDescription = `Bring the code index up to date (incrementally: only changed files are parsed) and report what it did. Call it when an answer says the index may be stale or a file is missing. Sends progress notifications when the request has a progress token.`

const statusDescription = `The state of callcascade for this workspace: files indexed, the graph backends and their circuit breakers (an open breaker means a backend such as Neo4j is down and answers come from the local store), the stage budgets, and the recent fallback rate. Use it to explain a degraded answer.`

const frameworkMapDescription = `The workspace's framework wiring, read once: every event, job, topic, signal and task key with its publishing sites and its handlers. Keys with handlers and no publisher are reached from outside the code.`
