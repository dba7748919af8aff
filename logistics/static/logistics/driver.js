/* The driver's page: step buttons with an offline queue (sent once, with an idempotency key), and the
   position shared while a delivery is en route (at most every 30 s, and only after a real move or 2 min). */
(function () {
  'use strict';
  var app = document.getElementById('app');
  if (!app) return;
  var api = app.getAttribute('data-api');
  var QUEUE = 'flux-driver-queue:' + location.pathname;
  var CONSENT = 'flux-driver-geo';
  var MIN_MS = 30000, IDLE_MS = 120000, MOVE_M = 25;
  var msg = document.getElementById('msg'), net = document.getElementById('net');
  var geoBox = document.getElementById('geo'), geoStart = document.getElementById('geo-start');
  var watchId = null, last = null, sending = false, stopped = false;
  var LABELS = { picked_up: 'En route', delivered: 'Livré' };

  function say(text) { msg.textContent = text; }
  function queue() { try { return JSON.parse(localStorage.getItem(QUEUE) || '[]'); } catch (e) { return []; } }
  function save(items) { localStorage.setItem(QUEUE, JSON.stringify(items)); }
  function key() {
    var a = new Uint8Array(12); crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function card(ref) { return document.querySelector('.card[data-ref="' + ref + '"]'); }
  function post(path, body) {
    return fetch(api + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body), credentials: 'omit', cache: 'no-store'
    });
  }
  function showNet() {
    var n = queue().length;
    net.hidden = n === 0;
    net.textContent = n ? n + ' action(s) en attente de réseau : elles partiront dès le retour de la connexion.' : '';
  }
  function paint(el, status, label) {
    el.setAttribute('data-status', status);
    el.querySelector('[data-role=status]').textContent = label;
    var pick = el.querySelector('[data-kind=picked_up]');
    if (pick) pick.hidden = status !== 'pending' && status !== 'preparing';
    if (status === 'delivered') {
      var acts = el.querySelector('.actions'), form = el.querySelector('.pb');
      if (acts) acts.remove();
      if (form) form.remove();
    }
    geoUpdate();
  }
  function flush() {
    if (sending) return;
    var items = queue();
    if (!items.length) { showNet(); return; }
    sending = true;
    var item = items[0];
    post('steps', item).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) {
        if (r.status >= 500 || r.status === 429) throw new Error('retry');
        save(queue().filter(function (x) { return x.idempotency_key !== item.idempotency_key; }));
        var el = card(item.delivery);
        if (r.ok && el) {
          paint(el, data.delivery.status, data.delivery.status_label);
          if (item.kind === 'problem') {
            var p = el.querySelector('[data-role=problem]');
            p.hidden = false;
            p.textContent = 'Problème signalé : ' + data.step.reason_label + (data.step.note ? ' — ' + data.step.note : '');
          }
          say(item.kind === 'problem' ? 'Problème envoyé à la boutique.' : 'Enregistré : ' + data.step.label + '.');
        } else if (!r.ok) {
          say(data.message || 'Action refusée.');
        }
        sending = false; showNet(); flush();
      });
    }).catch(function () { sending = false; showNet(); });
  }
  function act(el, kind, extra) {
    var item = { delivery: el.getAttribute('data-ref'), kind: kind, idempotency_key: key(), happened_at: new Date().toISOString() };
    if (extra) { item.reason = extra.reason; item.note = extra.note; }
    var items = queue(); items.push(item); save(items);
    if (LABELS[kind]) paint(el, kind === 'picked_up' ? 'en_route' : 'delivered', LABELS[kind] + (navigator.onLine ? '' : ' (hors ligne)'));
    say(navigator.onLine ? 'Envoi…' : 'Pas de réseau : action gardée, elle partira au retour de la connexion.');
    showNet(); flush();
  }
  app.addEventListener('click', function (ev) {
    var b = ev.target.closest('button[data-kind]');
    if (!b) return;
    var el = b.closest('.card'), kind = b.getAttribute('data-kind');
    if (kind === 'problem') { var f = el.querySelector('.pb'); f.hidden = !f.hidden; return; }
    act(el, kind);
  });
  app.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var f = ev.target, el = f.closest('.card');
    if (!f.reason.value) { say('Choisissez le motif du problème.'); return; }
    act(el, 'problem', { reason: f.reason.value, note: f.note.value.trim() });
    f.hidden = true; f.reset();
  });

  function metres(a, b) {
    var r = Math.PI / 180, x = (b.lng - a.lng) * r * Math.cos((a.lat + b.lat) * r / 2), y = (b.lat - a.lat) * r;
    return Math.sqrt(x * x + y * y) * 6371000;
  }
  function onPosition(p) {
    var here = { lat: p.coords.latitude, lng: p.coords.longitude }, now = Date.now();
    if (last && (now - last.at < MIN_MS || (metres(last, here) < MOVE_M && now - last.at < IDLE_MS))) return;
    var sent = { lat: here.lat, lng: here.lng, at: now };
    post('positions', { latitude: here.lat, longitude: here.lng, accuracy_m: Math.round(p.coords.accuracy || 0) })
      .then(function (r) {
        last = sent; // an answer, even a refusal: the next try waits its turn (data light)
        var text = document.getElementById('geo-text');
        if (r.ok) {
          text.textContent = 'Position partagée à ' + new Date(now).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' }) + '.';
        } else if (r.status === 409) { // nothing en route any more (the shop closed it): stop sharing
          navigator.geolocation.clearWatch(watchId); watchId = null; stopped = true;
          text.textContent = 'Aucune livraison en route : partage de position arrêté.';
        }
      })
      .catch(function () { /* offline: the next position tries again */ });
  }
  function enRoute() { return !!document.querySelector('.card[data-status=en_route]'); }
  function geoUpdate() {
    if (!('geolocation' in navigator)) return;
    var on = enRoute();
    geoBox.hidden = !on;
    if (on && !stopped && localStorage.getItem(CONSENT) === 'yes' && watchId === null) {
      geoStart.hidden = true;
      watchId = navigator.geolocation.watchPosition(onPosition, function (e) {
        if (e.code === 1) { localStorage.removeItem(CONSENT); geoStart.hidden = false; say('Position refusée : la boutique ne verra pas où vous êtes.'); }
      }, { enableHighAccuracy: true, maximumAge: 15000, timeout: 60000 });
    } else if (!on && watchId !== null) {
      navigator.geolocation.clearWatch(watchId); watchId = null;
    }
  }
  geoStart.addEventListener('click', function () { localStorage.setItem(CONSENT, 'yes'); geoUpdate(); });
  setInterval(function () { if (watchId !== null && last && Date.now() - last.at >= IDLE_MS) navigator.geolocation.getCurrentPosition(onPosition); }, 30000);
  window.addEventListener('online', flush);
  setInterval(flush, 20000);
  showNet(); geoUpdate(); flush();
})();
