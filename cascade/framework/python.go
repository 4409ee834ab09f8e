package framework

// pythonPatterns is the catalog's Python: Django signals and views, Celery and dramatiq tasks, FastAPI, Flask,
// Starlette, Dapr, pytest fixtures, click commands, APScheduler, kafka-python.
var pythonPatterns = []Pattern{
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
	{Framework: "Django REST framework", Family: "python", Decorator: "action", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "GET", EventArg: -1, EventKeys: []string{"url_path"}, Means: "extra viewset route (methods=, detail=, url_path=)"},
	{Framework: "APScheduler", Family: "python", Decorator: "*.scheduled_job", Role: RoleScheduled, EventArg: 0, Means: "scheduled job (trigger arg 1)"},

	// Methods the framework calls by the bases of their class.
	{Framework: "Django", Family: "python", Method: "ready", ClassBases: []string{"AppConfig"}, Role: RoleLifecycle, EventArg: -1, Means: "runs once the app registry is ready (AppConfig.ready)"},
	{Framework: "Django", Family: "python", Method: "handle", ClassBases: []string{"BaseCommand", "AppCommand", "LabelCommand"}, PathContains: "/management/commands/", Role: RoleCommand, EventArg: -1, Means: "management command, run as manage.py <file name>"},
	{Framework: "Django", Family: "python", Method: "get", ClassBases: djangoViews, Role: RoleRoute, HTTPMethod: "GET", EventArg: -1, Means: "serves GET for a class-based view"},
	{Framework: "Django", Family: "python", Method: "post", ClassBases: djangoViews, Role: RoleRoute, HTTPMethod: "POST", EventArg: -1, Means: "serves POST for a class-based view"},
	{Framework: "Django", Family: "python", Method: "put", ClassBases: djangoViews, Role: RoleRoute, HTTPMethod: "PUT", EventArg: -1, Means: "serves PUT for a class-based view"},
	{Framework: "Django", Family: "python", Method: "patch", ClassBases: djangoViews, Role: RoleRoute, HTTPMethod: "PATCH", EventArg: -1, Means: "serves PATCH for a class-based view"},
	{Framework: "Django", Family: "python", Method: "delete", ClassBases: djangoViews, Role: RoleRoute, HTTPMethod: "DELETE", EventArg: -1, Means: "serves DELETE for a class-based view"},
	{Framework: "Django REST framework", Family: "python", Method: "list", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "GET", EventArg: -1, Means: "viewset action: GET on the collection"},
	{Framework: "Django REST framework", Family: "python", Method: "create", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "POST", EventArg: -1, Means: "viewset action: POST on the collection"},
	{Framework: "Django REST framework", Family: "python", Method: "retrieve", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "GET", EventArg: -1, Means: "viewset action: GET on one item"},
	{Framework: "Django REST framework", Family: "python", Method: "update", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "PUT", EventArg: -1, Means: "viewset action: PUT on one item"},
	{Framework: "Django REST framework", Family: "python", Method: "partial_update", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "PATCH", EventArg: -1, Means: "viewset action: PATCH on one item"},
	{Framework: "Django REST framework", Family: "python", Method: "destroy", ClassBases: drfViewSets, Role: RoleRoute, HTTPMethod: "DELETE", EventArg: -1, Means: "viewset action: DELETE on one item"},

	// Python calls.
	{Framework: "Django", Family: "python", Callee: "send", Role: RolePublisher, Bus: "django-signal", EventIsReceiver: true, EventArg: -1, SenderKey: "sender", Means: "sends the receiver signal (sender=)"},
	{Framework: "Django", Family: "python", Callee: "send_robust", Role: RolePublisher, Bus: "django-signal", EventIsReceiver: true, EventArg: -1, SenderKey: "sender", Means: "sends the receiver signal, catching errors (sender=)"},
	{Framework: "Django", Family: "python", Callee: "save", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_save", "post_save"}, Means: "saving a model instance sends pre_save and post_save (sender: its model)"},
	{Framework: "Django", Family: "python", Callee: "create", Receiver: "objects", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_save", "post_save"}, Means: "Model.objects.create() saves a new instance: pre_save and post_save (sender: the model)"},
	// get_or_create and update_or_create save when they create or update.
	// bulk_create, bulk_update and QuerySet.update() send no save signal in
	// Django (they write rows without calling save()), so they are no
	// publishers; QuerySet.delete() does send pre_delete and post_delete for
	// each row, and its callee is delete too.
	{Framework: "Django", Family: "python", Callee: "get_or_create", Receiver: "objects", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_save", "post_save"}, Means: "Model.objects.get_or_create() saves when it creates: pre_save and post_save (sender: the model)"},
	{Framework: "Django", Family: "python", Callee: "update_or_create", Receiver: "objects", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_save", "post_save"}, Means: "Model.objects.update_or_create() saves: pre_save and post_save (sender: the model)"},
	{Framework: "Django", Family: "python", Callee: "delete", Role: RolePublisher, Bus: "django-signal", EventArg: -1, ModelSignals: []string{"pre_delete", "post_delete"}, Means: "deleting a model instance sends pre_delete and post_delete (sender: its model)"},
	{Framework: "Django", Family: "python", Callee: "connect", Role: RoleRegistration, Bus: "django-signal", EventIsReceiver: true, EventArg: -1, SenderKey: "sender", HandlerArg: 0, HandlerKeys: []string{"receiver"}, Means: "connects handler (arg 1) to the receiver signal (sender=)"},
	{Framework: "Celery", Family: "python", Callee: "delay", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver task"},
	{Framework: "Celery", Family: "python", Callee: "apply_async", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver task with options"},
	{Framework: "Celery", Family: "python", Callee: "apply", Role: RoleTaskCall, EventArg: -1, Means: "runs the receiver task in the calling process"},
	{Framework: "Celery", Family: "python", Callee: "s", Role: RoleTaskCall, EventArg: -1, Means: "a signature of the receiver task (chains, groups)"},
	{Framework: "Celery", Family: "python", Callee: "si", Role: RoleTaskCall, EventArg: -1, Means: "an immutable signature of the receiver task"},
	{Framework: "Celery", Family: "python", Callee: "signature", Role: RoleTaskCall, EventArg: -1, Means: "a signature of the receiver task"},
	{Framework: "Celery", Family: "python", Callee: "subtask", Role: RoleTaskCall, EventArg: -1, Means: "a signature of the receiver task (old name of .signature)"},
	{Framework: "Celery", Family: "python", Callee: "send_task", Role: RoleTaskByName, EventArg: 0, EventKeys: []string{"name"}, Means: "sends the task registered under the name in arg 1"},
	{Framework: "Celery", Family: "python", Callee: "signature", Role: RoleTaskByName, EventArg: 0, EventKeys: []string{"varies"}, Means: "a signature of the task registered under the name in arg 1"},
	{Framework: "Celery", Family: "python", Callee: "Signature", Role: RoleTaskByName, EventArg: 0, EventKeys: []string{"task"}, Means: "a signature of the task registered under the name in arg 1"},
	{Framework: "Celery", Family: "python", Callee: "subtask", Role: RoleTaskByName, EventArg: 0, EventKeys: []string{"varies"}, Means: "a signature of the task registered under the name in arg 1 (old name of signature)"},
	{Framework: "dramatiq", Family: "python", Callee: "send", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver actor"},
	{Framework: "dramatiq", Family: "python", Callee: "send_with_options", Role: RoleTaskCall, EventArg: -1, Means: "queues the receiver actor with options"},
	{Framework: "Dapr", Family: "python", Callee: "publish_event", Role: RolePublisher, Bus: "dapr", EventArg: 1, EventKeys: []string{"topic_name"}, Means: "publishes to a Dapr topic (topic_name=)"},
	{Framework: "kafka-python", Family: "python", Callee: "send", ReceiverHint: "producer", Role: RolePublisher, Bus: "kafka", EventArg: 0, EventKeys: []string{"topic"}, Means: "sends a Kafka message to a topic (arg 1)"},
	{Framework: "Django", Family: "python", Callee: "path", Receiver: "-", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"route"}, HandlerArg: 1, HandlerKeys: []string{"view"}, Means: "urls.py: routes a path (arg 1) to a view (arg 2)"},
	{Framework: "Django", Family: "python", Callee: "re_path", Receiver: "-", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"route"}, HandlerArg: 1, HandlerKeys: []string{"view"}, Means: "urls.py: routes a regular expression (arg 1) to a view (arg 2)"},
	{Framework: "Django", Family: "python", Callee: "url", Receiver: "-", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"regex"}, HandlerArg: 1, HandlerKeys: []string{"view"}, Means: "urls.py (Django < 4): routes a regular expression (arg 1) to a view (arg 2)"},
	{Framework: "Django REST framework", Family: "python", Callee: "register", ReceiverHint: "router", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, EventKeys: []string{"prefix"}, HandlerArg: 1, HandlerKeys: []string{"viewset"}, Means: "routes a URL prefix (arg 1) to a viewset (arg 2)"},
	{Framework: "Flask", Family: "python", Callee: "add_url_rule", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 2, HandlerKeys: []string{"view_func"}, Means: "registers view_func for a path (arg 1)"},
	{Framework: "FastAPI", Family: "python", Callee: "add_api_route", Role: RoleRegistration, HTTPMethod: "HTTP", EventArg: 0, HandlerArg: 1, HandlerKeys: []string{"endpoint"}, Means: "registers endpoint (arg 2) for a path (arg 1)"},
	{Framework: "APScheduler", Family: "python", Callee: "add_job", Role: RoleRegistration, EventArg: 1, EventKeys: []string{"trigger"}, HandlerArg: 0, HandlerKeys: []string{"func"}, Means: "schedules a job (arg 1)"},
}

// djangoViews are the bases of Django and DRF class-based views, whose
// get/post/... methods serve requests.
var djangoViews = []string{"View", "TemplateView", "RedirectView", "FormView", "ListView", "DetailView", "CreateView",
	"UpdateView", "DeleteView", "APIView", "GenericAPIView", "ListAPIView", "CreateAPIView", "RetrieveAPIView",
	"UpdateAPIView", "DestroyAPIView", "ListCreateAPIView", "RetrieveUpdateAPIView", "RetrieveDestroyAPIView",
	"RetrieveUpdateDestroyAPIView"}

// drfViewSets are the bases of Django REST framework viewsets, whose
// actions a router maps to routes.
var drfViewSets = []string{"ViewSet", "GenericViewSet", "ModelViewSet", "ReadOnlyModelViewSet", "ViewSetMixin"}
