package proc

/*
#include <stdlib.h>
*/
import "C"

func Meta(p string) bool {
	return hasSuffix(p)
}
