package treesitter

import (
	"strings"
)

// RoleKind says what a framework pattern makes of a decorated symbol or of
// a call.
type RoleKind string

// Roles of decorated (or conventionally named) symbols: the framework runs
// them, so their callers are not in the code.
const (
	RoleSubscriber RoleKind = "subscriber" // runs when an event, message, topic or signal is published
	RoleRoute      RoleKind = "route"      // serves an HTTP route, RPC, websocket or GraphQL operation
	RoleScheduled  RoleKind = "scheduled"  // run by a scheduler (cron, interval, timeout)
	RoleTask       RoleKind = "task"       // a background task or actor, run through .delay(), .send(), ...
	RoleLifecycle  RoleKind = "lifecycle"  // a lifecycle hook (module init, entity insert, ...)
	RoleCommand    RoleKind = "command"    // a command-line command
	RoleFixture    RoleKind = "fixture"    // a test fixture, injected by the test runner
	RoleInvoked    RoleKind = "invoked"    // otherwise run by the framework (@Async, ...)
)

// Roles of calls.
const (
	RolePublisher    RoleKind = "publisher"    // publishes the event in EventArg on Bus
	RoleRegistration RoleKind = "registration" // registers the handler in HandlerArg by value
	RoleTaskCall     RoleKind = "task-call"    // receiver.delay(...): runs the task named by the receiver
)

// Pattern is one entry of the framework catalog: a decorator, a method
// name or a call, and what it means.
type Pattern struct {
	Framework string
	Family    string // "js", "python", "java" or "go"
	Means     string // what the pattern means, for people

	// What matches: exactly one of Decorator, Method, Callee.
	//
	// Decorator: the decorator or annotation name. A plain name matches it
	// with any qualifier (OnEvent, x.OnEvent); "*.get" needs a qualifier
	// (app.get, router.get); a dotted name matches exactly.
	Decorator string
	// Method: a method name that the framework calls on instances of
	// classes carrying one of ClassDecorators (lifecycle hooks).
	Method          string
	ClassDecorators []string
	// Callee: the called name. Receiver, when set, must be the receiver's
	// last segment ("http" in http.HandleFunc); "-" means no receiver.
	// ReceiverType, when set and the receiver's declared type is known,
	// contain one of its |-separated names; ReceiverHint, when set, must occur in the receiver
	// (case-insensitively), for names too common to match alone.
	Callee       string
	Receiver     string
	ReceiverType string
	ReceiverHint string

	Role RoleKind
	// Bus: publishers link to subscribers of the same bus.
	Bus string
	// EventArg is the argument holding the event name, topic, path or
	// schedule (-1: none); EventKeys, when an argument is written key=value
	// or key: value (Java annotation elements, Python keywords, object
	// literal fields), are the keys that hold it, tried first.
	EventArg  int
	EventKeys []string
	// EventIsReceiver: the event is the receiver itself (a Django signal:
	// order_shipped.send(...)).
	EventIsReceiver bool
	// EventIsParamType: with no event argument, the event is the type of
	// the first parameter (Spring @EventListener void on(OrderPlaced e)).
	EventIsParamType bool
	// EventIsName: with no event argument, the event is the method's name
	// (GraphQL @Subscription).
	EventIsName bool
	// EventFromCall: the event is the first argument of a call of this name
	// in the symbol's body (GraphQL: return pubSub.asyncIterator('topic')),
	// which wins over EventIsName.
	EventFromCall []string
	// SenderKey names the argument that restricts a subscription or a
	// publication to one sender (Django's sender=Model).
	SenderKey string
	// ModelSignals: the call sends these Django signals with the model
	// class of its receiver as the sender (instance.save(), Model.objects.
	// create(...)).
	ModelSignals []string
	// HTTPMethod for routes; PathLiteral requires the event argument to be
	// a path: a string starting with "/" (empty too, for decorators, where
	// a router prefix may complete it). Router methods named Get, get, GET
	// and decorators such as @x.patch are too common to trust otherwise
	// (@mock.patch("a.b") is no route).
	HTTPMethod  string
	PathLiteral bool
	// HandlerArg is the argument registered by value (-1: the last one);
	// HandlerKeys are keyword names that may hold it instead.
	HandlerArg  int
	HandlerKeys []string
	// PrefixDecorator names the class decorator whose first argument
	// prefixes route paths (@Controller('reports'), @RequestMapping("/api")).
	PrefixDecorator string
}

// Catalog is the framework catalog: every decorator, hook and call that
// makes a framework invoke code, or links code through an event. The
// resolver and the report read it; nothing else knows framework names.
var Catalog = []Pattern{
	// NestJS: events, microservices, websockets, queues, scheduling.
	{Framework: "NestJS", Family: "js", Decorator: "OnEvent", Role: RoleSubscriber, Bus: "emitter", EventArg: 0, Means: "handles an EventEmitter2 event (arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "EventPattern", Role: RoleSubscriber, Bus: "microservice", EventArg: 0, Means: "handles a microservice event pattern (arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "MessagePattern", Role: RoleSubscriber, Bus: "microservice", EventArg: 0, Means: "answers a microservice message pattern (arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "SubscribeMessage", Role: RoleSubscriber, Bus: "websocket", EventArg: 0, Means: "handles a websocket message (arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Process", Role: RoleSubscriber, Bus: "queue", EventArg: 0, Means: "processes a Bull queue job (job name arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "OnQueueCompleted", Role: RoleLifecycle, EventArg: -1, Means: "runs when a Bull job completes"},
	{Framework: "NestJS", Family: "js", Decorator: "OnQueueFailed", Role: RoleLifecycle, EventArg: -1, Means: "runs when a Bull job fails"},
	{Framework: "NestJS", Family: "js", Decorator: "OnWorkerEvent", Role: RoleLifecycle, EventArg: 0, Means: "runs on a BullMQ worker event (arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Cron", Role: RoleScheduled, EventArg: 0, Means: "scheduled: cron expression (arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Interval", Role: RoleScheduled, EventArg: 0, Means: "scheduled: every N ms (last arg)"},
	{Framework: "NestJS", Family: "js", Decorator: "Timeout", Role: RoleScheduled, EventArg: 0, Means: "scheduled: once after N ms (last arg)"},
	// NestJS HTTP routes, prefixed by @Controller('path').
	{Framework: "NestJS", Family: "js", Decorator: "Get", Role: RoleRoute, HTTPMethod: "GET", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP GET route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Post", Role: RoleRoute, HTTPMethod: "POST", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP POST route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Put", Role: RoleRoute, HTTPMethod: "PUT", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP PUT route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Patch", Role: RoleRoute, HTTPMethod: "PATCH", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP PATCH route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Delete", Role: RoleRoute, HTTPMethod: "DELETE", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP DELETE route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "All", Role: RoleRoute, HTTPMethod: "ALL", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP route for every method (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Options", Role: RoleRoute, HTTPMethod: "OPTIONS", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP OPTIONS route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Head", Role: RoleRoute, HTTPMethod: "HEAD", EventArg: 0, PrefixDecorator: "Controller", Means: "HTTP HEAD route (path arg 1)"},
	{Framework: "NestJS", Family: "js", Decorator: "Sse", Role: RoleRoute, HTTPMethod: "SSE", EventArg: 0, PrefixDecorator: "Controller", Means: "server-sent events route (path arg 1)"},
	// GraphQL resolvers (NestJS, type-graphql).
	{Framework: "GraphQL", Family: "js", Decorator: "Query", Role: RoleRoute, HTTPMethod: "GraphQL query", EventArg: -1, Means: "GraphQL query resolver"},
	{Framework: "GraphQL", Family: "js", Decorator: "Mutation", Role: RoleRoute, HTTPMethod: "GraphQL mutation", EventArg: -1, Means: "GraphQL mutation resolver"},
	{Framework: "GraphQL", Family: "js", Decorator: "ResolveField", Role: RoleRoute, HTTPMethod: "GraphQL field", EventArg: -1, Means: "GraphQL field resolver"},
	{Framework: "GraphQL", Family: "js", Decorator: "FieldResolver", Role: RoleRoute, HTTPMethod: "GraphQL field", EventArg: -1, Means: "GraphQL field resolver (type-graphql)"},
	{Framework: "GraphQL", Family: "js", Decorator: "Subscription", Role: RoleSubscriber, Bus: "graphql", EventArg: 0, EventIsName: true, EventFromCall: []string{"asyncIterator", "asyncIterableIterator"}, Means: "GraphQL subscription, triggered by pubSub.publish(topic): the topic of its asyncIterator(topic), else arg 1, else the method name"},
	// ORM entity lifecycle hooks (TypeORM, MikroORM).
	{Framework: "TypeORM", Family: "js", Decorator: "BeforeInsert", Role: RoleLifecycle, EventArg: -1, Means: "runs before the entity is inserted"},
	{Framework: "TypeORM", Family: "js", Decorator: "AfterInsert", Role: RoleLifecycle, EventArg: -1, Means: "runs after the entity is inserted"},
	{Framework: "TypeORM", Family: "js", Decorator: "BeforeUpdate", Role: RoleLifecycle, EventArg: -1, Means: "runs before the entity is updated"},
	{Framework: "TypeORM", Family: "js", Decorator: "AfterUpdate", Role: RoleLifecycle, EventArg: -1, Means: "runs after the entity is updated"},
	{Framework: "TypeORM", Family: "js", Decorator: "BeforeRemove", Role: RoleLifecycle, EventArg: -1, Means: "runs before the entity is removed"},
	{Framework: "TypeORM", Family: "js", Decorator: "AfterRemove", Role: RoleLifecycle, EventArg: -1, Means: "runs after the entity is removed"},
	{Framework: "TypeORM", Family: "js", Decorator: "AfterLoad", Role: RoleLifecycle, EventArg: -1, Means: "runs after the entity is loaded"},
	{Framework: "MikroORM", Family: "js", Decorator: "BeforeCreate", Role: RoleLifecycle, EventArg: -1, Means: "runs before the entity is created"},
	{Framework: "MikroORM", Family: "js", Decorator: "AfterCreate", Role: RoleLifecycle, EventArg: -1, Means: "runs after the entity is created"},
	{Framework: "MikroORM", Family: "js", Decorator: "BeforeDelete", Role: RoleLifecycle, EventArg: -1, Means: "runs before the entity is deleted"},
	{Framework: "MikroORM", Family: "js", Decorator: "AfterDelete", Role: RoleLifecycle, EventArg: -1, Means: "runs after the entity is deleted"},
	{Framework: "MikroORM", Family: "js", Decorator: "OnInit", Role: RoleLifecycle, EventArg: -1, Means: "runs when the entity is created or loaded"},
	{Framework: "MikroORM", Family: "js", Decorator: "OnLoad", Role: RoleLifecycle, EventArg: -1, Means: "runs when the entity is loaded"},
	// Angular.
	{Framework: "Angular", Family: "js", Decorator: "HostListener", Role: RoleSubscriber, Bus: "dom", EventArg: 0, Means: "handles a DOM event on the host element (arg 1)"},
	// Lifecycle hooks called by name.
	{Framework: "NestJS", Family: "js", Method: "onModuleInit", ClassDecorators: []string{"Injectable", "Controller", "Module", "Resolver", "WebSocketGateway", "Processor"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when the module initialises"},
	{Framework: "NestJS", Family: "js", Method: "onApplicationBootstrap", ClassDecorators: []string{"Injectable", "Controller", "Module", "Resolver", "WebSocketGateway", "Processor"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when the application has started"},
	{Framework: "NestJS", Family: "js", Method: "onModuleDestroy", ClassDecorators: []string{"Injectable", "Controller", "Module", "Resolver", "WebSocketGateway", "Processor"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when the module is destroyed"},
	{Framework: "NestJS", Family: "js", Method: "onApplicationShutdown", ClassDecorators: []string{"Injectable", "Controller", "Module", "Resolver", "WebSocketGateway", "Processor"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when the application shuts down"},
	{Framework: "Angular", Family: "js", Method: "ngOnInit", ClassDecorators: []string{"Component", "Directive", "Pipe"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when the component initialises"},
	{Framework: "Angular", Family: "js", Method: "ngOnDestroy", ClassDecorators: []string{"Component", "Directive", "Pipe", "Injectable"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when the component is destroyed"},
	{Framework: "Angular", Family: "js", Method: "ngOnChanges", ClassDecorators: []string{"Component", "Directive"}, Role: RoleLifecycle, EventArg: -1, Means: "runs when an input changes"},
	{Framework: "Angular", Family: "js", Method: "ngAfterViewInit", ClassDecorators: []string{"Component", "Directive"}, Role: RoleLifecycle, EventArg: -1, Means: "runs after the view initialises"},

	// JavaScript calls: publishers.
	{Framework: "EventEmitter2", Family: "js", Callee: "emit", ReceiverType: "EventEmitter2", Role: RolePublisher, Bus: "emitter", EventArg: 0, Means: "publishes an EventEmitter2 event (arg 1)"},
	{Framework: "EventEmitter2", Family: "js", Callee: "emitAsync", ReceiverType: "EventEmitter2", Role: RolePublisher, Bus: "emitter", EventArg: 0, Means: "publishes an EventEmitter2 event and awaits its listeners (arg 1)"},
	{Framework: "Node", Family: "js", Callee: "emit", ReceiverType: "EventEmitter", Role: RolePublisher, Bus: "emitter", EventArg: 0, Means: "emits a Node EventEmitter event (arg 1)"},
	{Framework: "NestJS", Family: "js", Callee: "emit", ReceiverType: "ClientProxy|ClientKafka|ClientRMQ|ClientNats|ClientRedis|ClientMqtt|ClientTCP", Role: RolePublisher, Bus: "microservice", EventArg: 0, Means: "publishes a microservice event (arg 1) through a ClientProxy"},
	{Framework: "NestJS", Family: "js", Callee: "send", ReceiverType: "ClientProxy|ClientKafka|ClientRMQ|ClientNats|ClientRedis|ClientMqtt|ClientTCP", ReceiverHint: "client", Role: RolePublisher, Bus: "microservice", EventArg: 0, Means: "sends a microservice message (arg 1) through a ClientProxy"},
	{Framework: "Socket.IO", Family: "js", Callee: "emit", ReceiverType: "Socket", Role: RolePublisher, Bus: "websocket", EventArg: 0, Means: "emits a websocket message (arg 1)"},
	{Framework: "Bull", Family: "js", Callee: "add", ReceiverType: "Queue", ReceiverHint: "queue", Role: RolePublisher, Bus: "queue", EventArg: 0, Means: "adds a named job (arg 1) to a Bull queue"},
	{Framework: "GraphQL", Family: "js", Callee: "publish", ReceiverType: "PubSub", ReceiverHint: "pubsub", Role: RolePublisher, Bus: "graphql", EventArg: 0, Means: "publishes a GraphQL subscription trigger (arg 1)"},
	{Framework: "Dapr", Family: "js", Callee: "publish", Receiver: "pubsub", Role: RolePublisher, Bus: "dapr", EventArg: 1, Means: "publishes to a Dapr topic (arg 2)"},
	{Framework: "kafkajs", Family: "js", Callee: "send", ReceiverHint: "producer", Role: RolePublisher, Bus: "kafka", EventArg: 0, EventKeys: []string{"topic"}, Means: "sends Kafka messages to {topic}"},
	// JavaScript calls: subscriptions and registrations by value.
	{Framework: "Node", Family: "js", Callee: "on", Role: RoleRegistration, Bus: "emitter", EventArg: 0, HandlerArg: 1, Means: "subscribes handler (arg 2) to an event (arg 1)"},
	{Framework: "Node", Family: "js", Callee: "once", Role: RoleRegistration, Bus: "emitter", EventArg: 0, HandlerArg: 1, Means: "subscribes handler (arg 2) to one event (arg 1)"},
	{Framework: "Node", Family: "js", Callee: "addListener", Role: RoleRegistration, Bus: "emitter", EventArg: 0, HandlerArg: 1, Means: "subscribes handler (arg 2) to an event (arg 1)"},
	{Framework: "Node", Family: "js", Callee: "prependListener", Role: RoleRegistration, Bus: "emitter", EventArg: 0, HandlerArg: 1, Means: "subscribes handler (arg 2) first to an event (arg 1)"},
	{Framework: "DOM", Family: "js", Callee: "addEventListener", Role: RoleRegistration, Bus: "dom", EventArg: 0, HandlerArg: 1, Means: "subscribes handler (arg 2) to a DOM event (arg 1)"},
	{Framework: "Dapr", Family: "js", Callee: "subscribe", Receiver: "pubsub", Role: RoleRegistration, Bus: "dapr", EventArg: 1, HandlerArg: 2, Means: "subscribes handler (arg 3) to a Dapr topic (arg 2)"},
	{Framework: "Express", Family: "js", Callee: "get", Role: RoleRegistration, HTTPMethod: "GET", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers handler (last arg) for HTTP GET path (arg 1)"},
	{Framework: "Express", Family: "js", Callee: "post", Role: RoleRegistration, HTTPMethod: "POST", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers handler (last arg) for HTTP POST path (arg 1)"},
	{Framework: "Express", Family: "js", Callee: "put", Role: RoleRegistration, HTTPMethod: "PUT", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers handler (last arg) for HTTP PUT path (arg 1)"},
	{Framework: "Express", Family: "js", Callee: "patch", Role: RoleRegistration, HTTPMethod: "PATCH", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers handler (last arg) for HTTP PATCH path (arg 1)"},
	{Framework: "Express", Family: "js", Callee: "delete", Role: RoleRegistration, HTTPMethod: "DELETE", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers handler (last arg) for HTTP DELETE path (arg 1)"},
	{Framework: "Express", Family: "js", Callee: "use", Role: RoleRegistration, EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers middleware (last arg) under a path (arg 1)"},
	{Framework: "timers", Family: "js", Callee: "setInterval", Receiver: "-", Role: RoleRegistration, EventArg: 1, HandlerArg: 0, Means: "runs handler (arg 1) every N ms (arg 2)"},
	{Framework: "timers", Family: "js", Callee: "setTimeout", Receiver: "-", Role: RoleRegistration, EventArg: 1, HandlerArg: 0, Means: "runs handler (arg 1) once after N ms (arg 2)"},

	// Python decorators.
	{Framework: "Django", Family: "python", Decorator: "receiver", Role: RoleSubscriber, Bus: "django-signal", EventArg: 0, EventKeys: []string{"signal"}, SenderKey: "sender", Means: "receives a Django signal (arg 1), optionally only from sender="},
	{Framework: "Celery", Family: "python", Decorator: "shared_task", Role: RoleTask, EventArg: -1, Means: "Celery task, run through .delay()/.apply_async()"},
	{Framework: "Celery", Family: "python", Decorator: "*.task", Role: RoleTask, EventArg: -1, Means: "Celery task (@app.task), run through .delay()/.apply_async()"},
	{Framework: "Celery", Family: "python", Decorator: "periodic_task", Role: RoleScheduled, EventArg: -1, EventKeys: []string{"run_every"}, Means: "scheduled Celery task (run_every=)"},
	{Framework: "dramatiq", Family: "python", Decorator: "actor", Role: RoleTask, EventArg: -1, Means: "dramatiq actor, run through .send()"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.get", Role: RoleRoute, PathLiteral: true, HTTPMethod: "GET", EventArg: 0, EventKeys: []string{"path"}, Means: "HTTP GET route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.post", Role: RoleRoute, PathLiteral: true, HTTPMethod: "POST", EventArg: 0, EventKeys: []string{"path"}, Means: "HTTP POST route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.put", Role: RoleRoute, PathLiteral: true, HTTPMethod: "PUT", EventArg: 0, EventKeys: []string{"path"}, Means: "HTTP PUT route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.patch", Role: RoleRoute, PathLiteral: true, HTTPMethod: "PATCH", EventArg: 0, EventKeys: []string{"path"}, Means: "HTTP PATCH route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.delete", Role: RoleRoute, PathLiteral: true, HTTPMethod: "DELETE", EventArg: 0, EventKeys: []string{"path"}, Means: "HTTP DELETE route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.api_route", Role: RoleRoute, PathLiteral: true, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"path"}, Means: "HTTP route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.websocket", Role: RoleRoute, PathLiteral: true, HTTPMethod: "WebSocket", EventArg: 0, EventKeys: []string{"path"}, Means: "websocket route (path arg 1)"},
	{Framework: "FastAPI", Family: "python", Decorator: "*.on_event", Role: RoleLifecycle, EventArg: 0, Means: "runs on an application event (arg 1: startup, shutdown)"},
	{Framework: "Flask", Family: "python", Decorator: "*.route", Role: RoleRoute, PathLiteral: true, HTTPMethod: "HTTP", EventArg: 0, Means: "HTTP route (path arg 1; Flask, Starlette, Quart)"},
	{Framework: "Flask", Family: "python", Decorator: "*.before_request", Role: RoleLifecycle, EventArg: -1, Means: "runs before every request"},
	{Framework: "Flask", Family: "python", Decorator: "*.after_request", Role: RoleLifecycle, EventArg: -1, Means: "runs after every request"},
	{Framework: "Flask", Family: "python", Decorator: "*.errorhandler", Role: RoleLifecycle, EventArg: 0, Means: "handles an error (arg 1)"},
	{Framework: "Starlette", Family: "python", Decorator: "*.websocket_route", Role: RoleRoute, PathLiteral: true, HTTPMethod: "WebSocket", EventArg: 0, Means: "websocket route (path arg 1)"},
	{Framework: "Dapr", Family: "python", Decorator: "*.subscribe", Role: RoleSubscriber, Bus: "dapr", EventArg: 1, EventKeys: []string{"topic"}, Means: "handles a Dapr topic (topic=)"},
	{Framework: "pytest", Family: "python", Decorator: "fixture", Role: RoleFixture, EventArg: -1, Means: "pytest fixture, injected into tests that name it"},
	{Framework: "click", Family: "python", Decorator: "*.command", Role: RoleCommand, EventArg: 0, EventKeys: []string{"name"}, Means: "command-line command (click, typer)"},
	{Framework: "click", Family: "python", Decorator: "*.group", Role: RoleCommand, EventArg: 0, EventKeys: []string{"name"}, Means: "command-line command group (click)"},
	{Framework: "APScheduler", Family: "python", Decorator: "*.scheduled_job", Role: RoleScheduled, EventArg: 0, Means: "scheduled job (trigger arg 1)"},

	// Python calls.
	{Framework: "Django", Family: "python", Callee: "send", Role: RolePublisher, Bus: "django-signal", EventIsReceiver: true, EventArg: -1, SenderKey: "sender", Means: "sends the receiver signal (sender=)"},
	{Framework: "Django", Family: "python", Callee: "send_robust", Role: RolePublisher, Bus: "django-signal", EventIsReceiver: true, EventArg: -1, SenderKey: "sender", Means: "sends the receiver signal, catching errors (sender=)"},
	{Framework: "Django", Family: "python", Callee: "save", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_save", "post_save"}, Means: "saving a model instance sends pre_save and post_save (sender: its model)"},
	{Framework: "Django", Family: "python", Callee: "create", Receiver: "objects", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_save", "post_save"}, Means: "Model.objects.create() saves a new instance: pre_save and post_save (sender: the model)"},
	{Framework: "Django", Family: "python", Callee: "delete", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_delete", "post_delete"}, Means: "deleting a model instance sends pre_delete and post_delete (sender: its model)"},
	{Framework: "Django", Family: "python", Callee: "connect", Role: RoleRegistration, Bus: "django-signal", EventIsReceiver: true, EventArg: -1, SenderKey: "sender", HandlerArg: 0, HandlerKeys: []string{"receiver"}, Means: "connects handler (arg 1) to the receiver signal (sender=)"},
	{Framework: "Celery", Family: "python", Callee: "delay", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver task"},
	{Framework: "Celery", Family: "python", Callee: "apply_async", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver task with options"},
	{Framework: "Celery", Family: "python", Callee: "apply", Role: RoleTaskCall, EventArg: -1, Means: "runs the receiver task in the calling process"},
	{Framework: "Celery", Family: "python", Callee: "s", Role: RoleTaskCall, EventArg: -1, Means: "a signature of the receiver task (chains, groups)"},
	{Framework: "Celery", Family: "python", Callee: "si", Role: RoleTaskCall, EventArg: -1, Means: "an immutable signature of the receiver task"},
	{Framework: "Celery", Family: "python", Callee: "signature", Role: RoleTaskCall, EventArg: -1, Means: "a signature of the receiver task"},
	{Framework: "dramatiq", Family: "python", Callee: "send", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver actor"},
	{Framework: "dramatiq", Family: "python", Callee: "send_with_options", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver actor with options"},
	{Framework: "Dapr", Family: "python", Callee: "publish_event", Role: RolePublisher, Bus: "dapr", EventArg: 1, EventKeys: []string{"topic_name"}, Means: "publishes to a Dapr topic (topic_name=)"},
	{Framework: "kafka-python", Family: "python", Callee: "send", ReceiverHint: "producer", Role: RolePublisher, Bus: "kafka", EventArg: 0, EventKeys: []string{"topic"}, Means: "sends a Kafka message to a topic (arg 1)"},
	{Framework: "Flask", Family: "python", Callee: "add_url_rule", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 2, HandlerKeys: []string{"view_func"}, Means: "registers view_func for a path (arg 1)"},
	{Framework: "FastAPI", Family: "python", Callee: "add_api_route", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 1, HandlerKeys: []string{"endpoint"}, Means: "registers endpoint (arg 2) for a path (arg 1)"},
	{Framework: "APScheduler", Family: "python", Callee: "add_job", Role: RoleRegistration, EventArg: 1, EventKeys: []string{"trigger"}, HandlerArg: 0, HandlerKeys: []string{"func"}, Means: "schedules a job (arg 1)"},

	// Java annotations.
	{Framework: "Spring", Family: "java", Decorator: "EventListener", Role: RoleSubscriber, Bus: "spring-event", EventArg: 0, EventKeys: []string{"classes", "value"}, EventIsParamType: true, Means: "handles application events of its parameter's type"},
	{Framework: "Spring", Family: "java", Decorator: "TransactionalEventListener", Role: RoleSubscriber, Bus: "spring-event", EventArg: -1, EventKeys: []string{"classes", "value"}, EventIsParamType: true, Means: "handles application events of its parameter's type after the transaction commits"},
	{Framework: "Spring", Family: "java", Decorator: "KafkaListener", Role: RoleSubscriber, Bus: "kafka", EventArg: -1, EventKeys: []string{"topics", "topicPattern"}, Means: "consumes Kafka topics (topics=)"},
	{Framework: "Spring", Family: "java", Decorator: "RabbitListener", Role: RoleSubscriber, Bus: "rabbit", EventArg: -1, EventKeys: []string{"queues"}, Means: "consumes RabbitMQ queues (queues=)"},
	{Framework: "Spring", Family: "java", Decorator: "JmsListener", Role: RoleSubscriber, Bus: "jms", EventArg: -1, EventKeys: []string{"destination"}, Means: "consumes a JMS destination (destination=)"},
	{Framework: "Spring", Family: "java", Decorator: "SqsListener", Role: RoleSubscriber, Bus: "sqs", EventArg: 0, EventKeys: []string{"value", "queueNames"}, Means: "consumes an SQS queue"},
	{Framework: "Dapr", Family: "java", Decorator: "Topic", Role: RoleSubscriber, Bus: "dapr", EventArg: -1, EventKeys: []string{"name"}, Means: "handles a Dapr topic (name=)"},
	{Framework: "Spring", Family: "java", Decorator: "Scheduled", Role: RoleScheduled, EventArg: -1, EventKeys: []string{"cron", "fixedRate", "fixedDelay", "fixedRateString", "fixedDelayString"}, Means: "scheduled: cron= or fixedRate=/fixedDelay="},
	{Framework: "Spring", Family: "java", Decorator: "Async", Role: RoleInvoked, EventArg: -1, Means: "runs asynchronously on a task executor when called"},
	{Framework: "Spring", Family: "java", Decorator: "PostConstruct", Role: RoleLifecycle, EventArg: -1, Means: "runs after the bean is constructed"},
	{Framework: "Spring", Family: "java", Decorator: "PreDestroy", Role: RoleLifecycle, EventArg: -1, Means: "runs before the bean is destroyed"},
	{Framework: "Spring", Family: "java", Decorator: "Bean", Role: RoleLifecycle, EventArg: -1, Means: "a bean factory method, called by the container"},
	{Framework: "Spring", Family: "java", Decorator: "RequestMapping", Role: RoleRoute, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP route (value= or path=)"},
	{Framework: "Spring", Family: "java", Decorator: "GetMapping", Role: RoleRoute, HTTPMethod: "GET", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP GET route"},
	{Framework: "Spring", Family: "java", Decorator: "PostMapping", Role: RoleRoute, HTTPMethod: "POST", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP POST route"},
	{Framework: "Spring", Family: "java", Decorator: "PutMapping", Role: RoleRoute, HTTPMethod: "PUT", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP PUT route"},
	{Framework: "Spring", Family: "java", Decorator: "PatchMapping", Role: RoleRoute, HTTPMethod: "PATCH", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP PATCH route"},
	{Framework: "Spring", Family: "java", Decorator: "DeleteMapping", Role: RoleRoute, HTTPMethod: "DELETE", EventArg: 0, EventKeys: []string{"value", "path"}, PrefixDecorator: "RequestMapping", Means: "HTTP DELETE route"},
	{Framework: "JAX-RS", Family: "java", Decorator: "GET", Role: RoleRoute, HTTPMethod: "GET", EventArg: -1, Means: "JAX-RS GET resource method"},
	{Framework: "JAX-RS", Family: "java", Decorator: "POST", Role: RoleRoute, HTTPMethod: "POST", EventArg: -1, Means: "JAX-RS POST resource method"},

	// Java calls.
	{Framework: "Spring", Family: "java", Callee: "publishEvent", Role: RolePublisher, Bus: "spring-event", EventArg: 0, Means: "publishes an application event; its class is the event"},
	{Framework: "Spring", Family: "java", Callee: "send", ReceiverType: "KafkaTemplate", ReceiverHint: "kafka", Role: RolePublisher, Bus: "kafka", EventArg: 0, Means: "sends a Kafka record to a topic (arg 1)"},
	{Framework: "Spring", Family: "java", Callee: "convertAndSend", ReceiverType: "RabbitTemplate", ReceiverHint: "rabbit", Role: RolePublisher, Bus: "rabbit", EventArg: 0, Means: "sends a RabbitMQ message to a queue (arg 1, the default exchange's routing key)"},
	{Framework: "Spring", Family: "java", Callee: "convertAndSend", ReceiverType: "JmsTemplate", ReceiverHint: "jms", Role: RolePublisher, Bus: "jms", EventArg: 0, Means: "sends a JMS message to a destination (arg 1)"},
	{Framework: "Dapr", Family: "java", Callee: "publishEvent", ReceiverType: "DaprClient", ReceiverHint: "dapr", Role: RolePublisher, Bus: "dapr", EventArg: 1, Means: "publishes to a Dapr topic (arg 2)"},
	{Framework: "java.util.concurrent", Family: "java", Callee: "submit", Role: RoleRegistration, EventArg: -1, HandlerArg: 0, Means: "runs a method reference (arg 1) on an executor"},
	{Framework: "java.util.concurrent", Family: "java", Callee: "scheduleAtFixedRate", Role: RoleRegistration, EventArg: -1, HandlerArg: 0, Means: "runs a method reference (arg 1) at a fixed rate"},

	// Go registrations.
	{Framework: "net/http", Family: "go", Callee: "HandleFunc", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 1, Means: "registers handler (arg 2) for a path (arg 1): http.HandleFunc, ServeMux, gorilla/mux, chi"},
	{Framework: "net/http", Family: "go", Callee: "Handle", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 1, Means: "registers a handler (arg 2) for a path (arg 1)"},
	{Framework: "net/http", Family: "go", Callee: "HandlerFunc", Receiver: "http", Role: RoleRegistration, EventArg: -1, HandlerArg: 0, Means: "adapts a function (arg 1) into an http.Handler"},
	{Framework: "gin/echo", Family: "go", Callee: "GET", Role: RoleRegistration, HTTPMethod: "GET", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP GET (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "POST", Role: RoleRegistration, HTTPMethod: "POST", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP POST (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "PUT", Role: RoleRegistration, HTTPMethod: "PUT", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PUT (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "PATCH", Role: RoleRegistration, HTTPMethod: "PATCH", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PATCH (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "DELETE", Role: RoleRegistration, HTTPMethod: "DELETE", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP DELETE (gin, echo)"},
	{Framework: "gin/echo", Family: "go", Callee: "Any", Role: RoleRegistration, HTTPMethod: "ANY", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for every HTTP method (gin, echo)"},
	{Framework: "chi", Family: "go", Callee: "Get", Role: RoleRegistration, HTTPMethod: "GET", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP GET (chi)"},
	{Framework: "chi", Family: "go", Callee: "Post", Role: RoleRegistration, HTTPMethod: "POST", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP POST (chi)"},
	{Framework: "chi", Family: "go", Callee: "Put", Role: RoleRegistration, HTTPMethod: "PUT", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PUT (chi)"},
	{Framework: "chi", Family: "go", Callee: "Patch", Role: RoleRegistration, HTTPMethod: "PATCH", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP PATCH (chi)"},
	{Framework: "chi", Family: "go", Callee: "Delete", Role: RoleRegistration, HTTPMethod: "DELETE", EventArg: 0, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for HTTP DELETE (chi)"},
	{Framework: "chi", Family: "go", Callee: "Method", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 1, PathLiteral: true, HandlerArg: -1, Means: "registers a handler (last arg) for a method (arg 1) and path (arg 2) (chi)"},
	{Framework: "bus", Family: "go", Callee: "Subscribe", Role: RoleRegistration, Bus: "go-bus", EventArg: 0, HandlerArg: -1, Means: "subscribes a handler (last arg) to a topic (arg 1): event buses, NATS"},
	{Framework: "bus", Family: "go", Callee: "SubscribeAsync", Role: RoleRegistration, Bus: "go-bus", EventArg: 0, HandlerArg: 1, Means: "subscribes a handler (arg 2) to a topic (arg 1), run asynchronously"},
	{Framework: "NATS", Family: "go", Callee: "QueueSubscribe", Role: RoleRegistration, Bus: "go-bus", EventArg: 0, HandlerArg: -1, Means: "subscribes a handler (last arg) to a subject (arg 1) in a queue group"},
	{Framework: "bus", Family: "go", Callee: "Publish", Role: RolePublisher, Bus: "go-bus", EventArg: 0, Means: "publishes to a topic (arg 1): event buses, NATS"},
	{Framework: "cron", Family: "go", Callee: "AddFunc", Role: RoleRegistration, EventArg: 0, HandlerArg: 1, Means: "schedules a function (arg 2) with a cron spec (arg 1)"},
	{Framework: "cron", Family: "go", Callee: "AddJob", Role: RoleRegistration, EventArg: 0, HandlerArg: 1, Means: "schedules a job (arg 2) with a cron spec (arg 1)"},
	{Framework: "time", Family: "go", Callee: "AfterFunc", Receiver: "time", Role: RoleRegistration, EventArg: 0, HandlerArg: 1, Means: "runs a function (arg 2) after a duration (arg 1)"},
}

// FamilyOf groups languages whose code can share a framework: TypeScript,
// TSX and JavaScript are "js".
func FamilyOf(l Language) string {
	switch l {
	case TypeScript, TSX, JavaScript:
		return "js"
	}
	return string(l)
}

// DecoratorPatterns returns the catalog entries a decorator of a symbol in
// language lang matches.
func DecoratorPatterns(lang Language, name string) []*Pattern {
	fam := FamilyOf(lang)
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Decorator != "" && p.Family == fam && decoratorMatches(p.Decorator, name) {
			out = append(out, p)
		}
	}
	return out
}

func decoratorMatches(pattern, name string) bool {
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		i := strings.LastIndexByte(name, '.')
		return i > 0 && name[i+1:] == rest
	}
	if strings.Contains(pattern, ".") {
		return name == pattern
	}
	return name == pattern || strings.HasSuffix(name, "."+pattern)
}

// MethodPatterns returns the lifecycle entries a method named name matches
// when its class carries one of classDecorators.
func MethodPatterns(lang Language, name string, classDecorators []Decorator) []*Pattern {
	fam := FamilyOf(lang)
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Method != name || p.Family != fam {
			continue
		}
		for _, d := range classDecorators {
			if hasName(p.ClassDecorators, lastSegment(d.Name)) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// CallPatterns returns the catalog entries a call may match by its callee
// and receiver text; entries with a receiver type are candidates that
// AcceptsReceiver confirms once the caller knows the receiver's type.
func CallPatterns(lang Language, callee, receiver string) []*Pattern {
	fam := FamilyOf(lang)
	var out []*Pattern
	for i := range Catalog {
		p := &Catalog[i]
		if p.Callee != callee || p.Family != fam {
			continue
		}
		switch p.Receiver {
		case "":
		case "-":
			if receiver != "" {
				continue
			}
		default:
			if lastSegment(receiver) != p.Receiver {
				continue
			}
		}
		if p.ReceiverHint != "" && p.ReceiverType == "" && !strings.Contains(strings.ToLower(receiver), p.ReceiverHint) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// AcceptsReceiver applies the pattern's receiver type condition: with the
// receiver's declared type known (declared != ""), the type decides; with
// it unknown, the receiver hint does, and a pattern without a hint accepts.
func (p *Pattern) AcceptsReceiver(receiver, declared string) bool {
	if p.ReceiverType == "" {
		return true
	}
	if declared != "" {
		// Subclasses and wrappers carry the name: ClientKafka is a
		// ClientProxy, PubSubService wraps a PubSub.
		name := lastSegment(declared)
		for _, t := range strings.Split(p.ReceiverType, "|") {
			if strings.Contains(name, t) {
				return true
			}
		}
		return false
	}
	return p.ReceiverHint == "" || strings.Contains(strings.ToLower(receiver), p.ReceiverHint)
}

// CalleesFor lists the callee names of the catalog's call entries of one
// role in a language family, for looking their call sites up by name.
func CalleesFor(fam string, role RoleKind) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range Catalog {
		if p.Callee != "" && p.Family == fam && p.Role == role && !seen[p.Callee] {
			seen[p.Callee] = true
			out = append(out, p.Callee)
		}
	}
	return out
}

func hasName(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Argument returns the argument of args (source texts) that a pattern
// reads: the first keyword argument named one of keys (key=value, key =
// value, or a field key: value of an object literal argument), else the
// positional argument at index (-1: the last), skipping keyword arguments.
// ok is false when there is no such argument.
func Argument(args []string, index int, keys []string) (string, bool) {
	if v, ok := Keyword(args, keys...); ok {
		return v, true
	}
	var positional []string
	for _, a := range args {
		if _, _, isKeyword := splitKeyword(a); !isKeyword {
			positional = append(positional, a)
		}
	}
	if index < 0 {
		index = len(positional) + index
	}
	if index < 0 || index >= len(positional) {
		return "", false
	}
	return strings.TrimSpace(positional[index]), true
}

// EventArgument returns the argument holding the pattern's event, topic,
// path or schedule: a keyword argument named in EventKeys, else the
// positional argument EventArg (none when EventArg is negative).
func (p *Pattern) EventArgument(args []string) (string, bool) {
	if v, ok := Keyword(args, p.EventKeys...); ok {
		return v, true
	}
	if p.EventArg < 0 {
		return "", false
	}
	return Argument(args, p.EventArg, nil)
}

// HandlerArgument returns the argument a registration registers: a keyword
// argument named in HandlerKeys, else the positional HandlerArg (-1: the
// last).
func (p *Pattern) HandlerArgument(args []string) (string, bool) {
	if v, ok := Keyword(args, p.HandlerKeys...); ok {
		return v, true
	}
	return Argument(args, p.HandlerArg, nil)
}

// Keyword returns the value of the first keyword argument (key=value, key =
// value, or an object literal argument's field key: value) named one of
// keys.
func Keyword(args []string, keys ...string) (string, bool) {
	for _, k := range keys {
		for _, a := range args {
			if v, ok := keywordValue(a, k); ok {
				return v, true
			}
			if v, ok := objectField(a, k); ok {
				return v, true
			}
		}
	}
	return "", false
}

// splitKeyword splits "key=value" and "key = value" (Python keywords, Java
// annotation elements); == is not a keyword argument.
func splitKeyword(a string) (key, value string, ok bool) {
	i := strings.IndexByte(a, '=')
	if i <= 0 || i+1 < len(a) && a[i+1] == '=' {
		return "", "", false
	}
	key = strings.TrimSpace(a[:i])
	for j := 0; j < len(key); j++ {
		if !isWordByte(key[j]) {
			return "", "", false
		}
	}
	return key, strings.TrimSpace(a[i+1:]), key != ""
}

func keywordValue(a, key string) (string, bool) {
	k, v, ok := splitKeyword(a)
	if !ok || k != key {
		return "", false
	}
	return v, true
}

// objectField reads key: value from an object literal argument, { topic:
// 'orders', messages } (top-level fields only).
func objectField(a, key string) (string, bool) {
	a = strings.TrimSpace(a)
	if !strings.HasPrefix(a, "{") || !strings.HasSuffix(a, "}") {
		return "", false
	}
	for _, part := range SplitTopLevel(a[1 : len(a)-1]) {
		k, v, found := strings.Cut(part, ":")
		if !found {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `'"`)
		if k == key {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// ScanOutsideQuotes calls fn with each byte of s from index from on that is
// not inside a single-, double- or backtick-quoted string (the quotes
// themselves excluded), until fn returns false. Argument texts are read
// with it: a bracket or comma in a string literal is text, not syntax.
func ScanOutsideQuotes(s string, from int, fn func(i int, c byte) bool) {
	var quote byte
	for i := from; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		default:
			if !fn(i, c) {
				return
			}
		}
	}
}

// SplitTopLevel splits s at commas outside brackets and quotes.
func SplitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	ScanOutsideQuotes(s, 0, func(i int, c byte) bool {
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
		return true
	})
	if last := strings.TrimSpace(s[start:]); last != "" {
		out = append(out, last)
	}
	return out
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// StringLiteral returns the content of a literal written as source text:
// 'x', "x", `x` without substitutions, Python's r"x", u'x', """x""". ok is
// false for anything else.
func StringLiteral(text string) (string, bool) {
	t := strings.TrimSpace(text)
	unprefixed := strings.TrimLeft(t, "rRuUbBfF")
	formatted := strings.ContainsAny(t[:len(t)-len(unprefixed)], "fF")
	t = unprefixed
	if len(t) < 2 {
		return "", false
	}
	for _, q := range []string{`"""`, `'''`} {
		if len(t) >= 6 && strings.HasPrefix(t, q) && strings.HasSuffix(t, q) {
			return t[3 : len(t)-3], !formatted
		}
	}
	q := t[0]
	if (q != '\'' && q != '"' && q != '`') || t[len(t)-1] != q {
		return "", false
	}
	body := t[1 : len(t)-1]
	if q == '`' && strings.Contains(body, "${") || formatted && strings.ContainsAny(body, "{}") {
		return "", false // built at run time
	}
	if strings.Contains(strings.ReplaceAll(body, `\`+string(q), ""), string(q)) {
		return "", false // 'a' + 'b': two literals
	}
	return body, true
}

// TemplateShape is a template literal with substitutions written with
// every substitution replaced by ${…}: `user/${u.id}/updated` has the shape
// user/${…}/updated. Names built at run time are not resolved, but two
// templates of the same shape name the same family of topics.
func TemplateShape(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if len(t) < 2 || t[0] != '`' || t[len(t)-1] != '`' || !strings.Contains(t, "${") {
		return "", false
	}
	var b strings.Builder
	body := t[1 : len(t)-1]
	for {
		i := strings.Index(body, "${")
		if i < 0 {
			b.WriteString(body)
			break
		}
		b.WriteString(body[:i])
		end := matchBrace(body, i+1)
		if end < 0 {
			return "", false
		}
		b.WriteString("${…}")
		body = body[end+1:]
	}
	shape := b.String()
	if strings.Trim(shape, "${…}") == "" {
		return "", false // nothing but substitutions: no shape to compare
	}
	return shape, true
}

// matchBrace returns the index of the brace closing the one at open.
func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// ListElements splits an array or annotation list literal ({"a", "b"},
// ["a", "b"]) into its elements; any other text is one element.
func ListElements(text string) []string {
	t := strings.TrimSpace(text)
	if len(t) >= 2 && (t[0] == '{' && t[len(t)-1] == '}' || t[0] == '[' && t[len(t)-1] == ']') {
		if t[0] == '{' && strings.Contains(t, ":") {
			return []string{t} // an object literal, { cmd: 'x' }: one pattern
		}
		return SplitTopLevel(t[1 : len(t)-1])
	}
	return []string{t}
}
