from celery import chain, chord, current_app, group, signature

from proj.names import NOTIFY
from proj.celery import app
from proj.tasks import add, cleanup, mul, prune, rebuild, resize, total
from proj.tasks import cleanup as purge


def run_now():  # @def(runNow, "run_now")
    cleanup.delay()  # @site(nowDelay, "delay") @registered(runNow, cleanup, "cleanup.delay() (Celery: queues the task)", nowDelay)
    resize.apply_async(args=[1], countdown=10)  # @site(nowAsync, "apply_async") @registered(runNow, resize, "resize.apply_async() (Celery: queues the task with options)", nowAsync)


def run_aliased():  # @def(runAliased, "run_aliased")
    purge.apply_async(countdown=5)  # @site(aliasedAsync, "apply_async") @registered(runAliased, cleanup, "purge.apply_async() (Celery: queues the task with options)", aliasedAsync)


def by_name():  # @def(byName, "by_name")
    app.send_task("proj.tasks.notify", args=[1])  # @site(byNameNotify, "send_task") @event(byName, notify, "proj.tasks.notify", byNameNotify)
    current_app.send_task("reports.send", args=[2])  # @site(byNameReport, "send_task") @event(byName, sendReport, "reports.send", byNameReport)


def by_constant():  # @def(byConstant, "by_constant")
    app.send_task(NOTIFY, kwargs={"user_id": 3})  # @site(byConstantNotify, "send_task") @event(byConstant, notify, "proj.tasks.notify", byConstantNotify)


def by_task_name():  # @def(byTaskName, "by_task_name")
    app.send_task(resize.name, args=[5])  # @site(byTaskNameResize, "send_task") @event(byTaskName, resize, "proj.tasks.resize", byTaskNameResize)


def by_wrong_name():  # @def(byWrongName, "by_wrong_name")
    app.send_task("proj.tasks.send_report")  # the task is named reports.send: links nothing
    app.send_task("proj.tasks.unknown")  # no such task: links nothing
    app.send_task("tasks.cleanup")  # not the name Celery gives it: links nothing


def signatures():  # @def(signatures, "signatures")
    sig = signature("proj.tasks.resize", args=(3,))  # @site(sigResize, "signature") @event(signatures, resize, "proj.tasks.resize", sigResize)
    app.signature("reports.send", args=(4,)).delay()  # @site(sigReport, "signature") @event(signatures, sendReport, "reports.send", sigReport)
    return sig


def pipeline():  # @def(pipeline, "pipeline")
    workflow = chain(
        add.s(1, 2),  # @site(pipeAdd, "s") @registered(pipeline, add, "add.s() (Celery: a signature of the task (chains, groups))", pipeAdd)
        mul.s(3),  # @site(pipeMul, "s") @registered(pipeline, mul, "mul.s() (Celery: a signature of the task (chains, groups))", pipeMul)
        signature("proj.tasks.cleanup"),  # @site(pipeCleanup, "signature") @event(pipeline, cleanup, "proj.tasks.cleanup", pipeCleanup)
    )
    return workflow()


def fan_out():  # @def(fanOut, "fan_out")
    return group(add.s(i, i) for i in range(3))()  # @site(fanAdd, "s") @registered(fanOut, add, "add.s() (Celery: a signature of the task (chains, groups))", fanAdd)


def fan_in():  # @def(fanIn, "fan_in")
    header = [
        mul.s(1, 1),  # @site(fanInMul, "s")
        mul.si(2, 2),  # @site(fanInMulSi, "si") @registered(fanIn, mul, "mul.s() (Celery: a signature of the task (chains, groups))", fanInMul, fanInMulSi)
    ]
    return chord(header)(total.s())  # @site(fanInTotal, "s") @registered(fanIn, total, "total.s() (Celery: a signature of the task (chains, groups))", fanInTotal)


def piped():  # @def(piped, "piped")
    flow = (
        add.s(1, 1)  # @site(pipedAdd, "s") @registered(piped, add, "add.s() (Celery: a signature of the task (chains, groups))", pipedAdd)
        | total.s()  # @site(pipedTotal, "s") @registered(piped, total, "total.s() (Celery: a signature of the task (chains, groups))", pipedTotal)
    )
    return flow.apply_async()


def queue_then_run():  # @def(queueThenRun, "queue_then_run")
    rebuild.delay()  # @site(qtrDelay, "delay")
    rebuild()  # @site(qtrCall, "rebuild") @call(queueThenRun, rebuild, qtrDelay, qtrCall)


def run_then_queue():  # @def(runThenQueue, "run_then_queue")
    prune()  # @site(rtqCall, "prune")
    prune.delay()  # @site(rtqDelay, "delay") @call(runThenQueue, prune, rtqCall, rtqDelay)
