/* The customer's tracking page: refreshes status, driver and ETA from the public JSON every
   data-interval seconds (20 by default) while the page is visible; stops once the order is final. */
(function () {
  "use strict";
  var body = document.body;
  var api = body.getAttribute("data-api");
  var interval = (parseInt(body.getAttribute("data-interval"), 10) || 20) * 1000;
  var timer = null;
  if (!api || body.getAttribute("data-final") === "true") return;

  function field(name) {
    return document.querySelector('[data-field="' + name + '"]');
  }
  function setText(name, value) {
    var el = field(name);
    if (!el) return;
    el.textContent = value || "";
    el.hidden = !value;
  }
  function apply(data) {
    setText("status_label", data.status_label);
    field("status_label").classList.toggle("cancelled", !!data.cancelled);
    field("steps").classList.toggle("hidden", !!data.cancelled);
    (data.steps || []).forEach(function (step) {
      var li = document.querySelector('[data-step="' + step.key + '"]');
      if (!li) return;
      li.classList.toggle("done", step.done);
      li.classList.toggle("current", step.current);
    });
    setText("eta_text", data.eta && data.eta.text);
    setText("position_age", data.eta && data.eta.position_age);
    var driver = data.driver;
    field("driver").hidden = !driver;
    if (driver) {
      setText("driver_name", driver.first_name);
      setText("driver_vehicle", driver.vehicle);
      field("driver_phone_row").hidden = !driver.phone;
      if (driver.phone) field("driver_phone").setAttribute("href", "tel:" + driver.phone);
    }
    if (data.final) field("refresh_note").hidden = true;
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, interval);
  }
  function poll() {
    if (document.hidden) return schedule();
    fetch(api, { headers: { Accept: "application/json" }, cache: "no-store", credentials: "omit" })
      .then(function (response) {
        if (response.status === 404) return { final: true }; // the link expired: nothing more to fetch
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        if (data && data.steps) apply(data);
        if (!data || !data.final) schedule();
      })
      .catch(schedule);
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });
  schedule();
})();
