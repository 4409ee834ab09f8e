const router = { get() {} }; // @module(top)

router.get('/a', async (req, res) => {
  try {
    const byMonth = new Map();
    function bucketFor(monthKey) { // @def(monthBucket, "bucketFor")
      return byMonth.get(monthKey);
    }
    const b = bucketFor('2024-01'); // @site(m1, "bucketFor") @incoming(top, monthBucket, m1)
    res.json(b);
  } catch (e) {
    res.status(500);
  }
});

router.get('/b', async (req, res) => {
  try {
    const byYear = new Map();
    function bucketFor(yearKey) { // @def(yearBucket, "bucketFor")
      return byYear.get(yearKey);
    }
    const b = bucketFor('2024'); // @site(y1, "bucketFor")
    const c = bucketFor('2025'); // @site(y2, "bucketFor") @incoming(top, yearBucket, y1, y2)
    res.json([b, c]);
  } catch (e) {
    res.status(500);
  }
});
