// Barre latérale du tableau de bord Flux IA, partagée par les scènes 3 à 5.
// Utilisation : <aside class="sidebar" data-active="logistique"></aside><script src="sidebar.js"></script>
(function () {
  const icons = {
    accueil: '<path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"/>',
    conversations: '<path d="M21 11.5a8.4 8.4 0 0 1-12.6 7.3L3 21l2.2-5.4A8.5 8.5 0 1 1 21 11.5z"/>',
    emails: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
    logistique: '<path d="M3 6h11v10H3zM14 9h4l3 3v4h-7z"/><circle cx="7" cy="18" r="2"/><circle cx="17" cy="18" r="2"/>',
    statistiques: '<path d="M4 20V11M10 20V5M16 20v-8M21 20H3"/>',
    profil: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  };
  const items = [
    ['accueil', 'Accueil'],
    ['conversations', 'Conversations IA', '3'],
    ['emails', 'Emails résumés', '2'],
    ['logistique', 'Logistique'],
    ['statistiques', 'Statistiques'],
    ['profil', 'Profil'],
  ];
  document.querySelectorAll('aside.sidebar').forEach((aside) => {
    const active = aside.dataset.active;
    aside.innerHTML =
      '<div class="brand"><svg width="34" height="34" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#059669"/>' +
      '<path d="M20 15h26v8H29v7h14v8H29v11h-9z" fill="#fff"/><circle cx="46" cy="45" r="6" fill="#f97316"/></svg>' +
      '<span>Flux <span class="ia">IA</span></span></div>' +
      items.map(([key, label, count]) =>
        `<div class="nav-item${key === active ? ' active' : ''}"><svg viewBox="0 0 24 24">${icons[key]}</svg>${label}` +
        (count ? `<span class="count">${count}</span>` : '') + '</div>'
      ).join('') +
      '<div class="plan"><b>Offre Pro · Essai</b><span>11 jours restants</span></div>';
  });
})();
