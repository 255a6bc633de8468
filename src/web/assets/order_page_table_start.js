// A table game's order page, last part (after order_page_placing.js): its
// interface for tests and scripts, and the start.

  // The page's interface for tests and for anyone scripting it.
  window.adjutantOrders = {
    body: body, last: function () { return last; }, place: place, clickPoint: clickPoint
  };

  loadChecker(function () {
    wire();
    refresh();
  });
