package resolve

import (
	"context"

	"github.com/callcascade/callcascade/cascade/fact"
	"github.com/callcascade/callcascade/cascade/framework"
	"github.com/callcascade/callcascade/treesitter"
)

// A Django model's manager (Order.objects) and the querysets it gives are
// Django's, outside the workspace: Order.objects.get(...) and qs.filter()
// never call a project method named get or filter. They are typed as an
// outside value that remembers its model (typeRef.class), so that what a
// manager returns of the model (Order.objects.get(...), a queryset's
// first(), an element of a queryset) is still an Order.

// djangoQuerySet marks, in typeRef.ext, a Django manager or queryset of
// typeRef.class.
const djangoQuerySet = "django.QuerySet"

// djangoManagers are the managers Django gives every model that declares
// none of that name.
var djangoManagers = map[string]bool{"objects": true, "_default_manager": true, "_base_manager": true}

// djangoQuerySetMethods return another queryset of the same model.
var djangoQuerySetMethods = map[string]bool{"all": true, "filter": true, "exclude": true, "order_by": true, "select_related": true,
	"prefetch_related": true, "annotate": true, "alias": true, "distinct": true, "using": true, "none": true, "defer": true,
	"only": true, "reverse": true, "select_for_update": true, "get_queryset": true, "union": true, "intersection": true, "difference": true}

// pyDjangoManager reports whether cls.name is a manager Django gives a
// model: cls is a Django model and declares no field of that name.
func (q *pyLang) pyDjangoManager(ctx context.Context, cls fact.Symbol, name string) bool {
	if !djangoManagers[name] {
		return false
	}
	return (&frameworkView{query: q.query}).isDjangoModel(ctx, cls, 0)
}

// djangoResult is what one more step gives on an outside value: on a
// Django manager or queryset, the model's instance for get(), create(),
// first() and the like, a queryset for filter() and the like; anything
// else of an outside value is outside.
func (r typeRef) djangoResult(seg receiverSeg) typeRef {
	if pyLibraryExt(r.ext) {
		return r // df.groupby(k).sum(): pandas' still
	}
	if r.ext != djangoQuerySet || !seg.call || seg.index {
		return typeRef{kind: refExternal}
	}
	switch {
	case framework.ManagerReturnsInstance(seg.name):
		return typeRef{kind: refInstance, class: r.class}
	case djangoQuerySetMethods[seg.name]:
		return r
	}
	return typeRef{kind: refExternal}
}

// pyDjangoCallResult types recv.callee(...) when recv is a Django manager
// or queryset (qs = Order.objects.filter(...)); ok is false otherwise.
func (q *pyLang) pyDjangoCallResult(ctx context.Context, f *fact.File, caller *fact.Symbol, recv, callee string) (typeRef, bool, error) {
	if f.Language != treesitter.Python || recv == "" {
		return typeRef{}, false, nil
	}
	ref, err := q.evalReceiver(ctx, f, caller, recv)
	if err != nil || ref.kind != refExternal || ref.ext != djangoQuerySet {
		return typeRef{}, false, err
	}
	return ref.djangoResult(receiverSeg{name: callee, call: true}), true, nil
}
