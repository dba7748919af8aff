/** Every text of the landing page (SPEC.md section 2), in one place. French typography: a no-break
 * space (\u00a0) before ? ! : and inside « », so the sign never wraps to a line of its own. */

export const brand = "Flux IA";

export const hero = {
  badge: "Technologie IA Made in Côte d'Ivoire",
  title: "Vos clients servis sur WhatsApp, même quand vous dormez",
  lead:
    "Flux IA répond à vos clients en français, en anglais et en nouchi, conseille, vend et prend les commandes 24h/24. Vous, vous gérez votre business.",
  primary: "Essai Gratuit",
  secondary: "Voir une démo",
  reassurance: "Essai gratuit · Sans engagement · Prix en F CFA",
  chat: [
    { from: "client", text: "Bonsoir, le pagne wax 6 yards là, y'a encore\u00a0?" },
    { from: "ai", text: "Bonsoir\u00a0! Oui y'a pas drap 😄 Il est à 12 500 F CFA. Je vous le livre à Cocody demain matin\u00a0?" },
    { from: "client", text: "Ok c'est bon, envoie\u00a0!" },
    { from: "ai", text: "C'est noté ✅ Commande n° 1042 confirmée. Le livreur vous appelle avant de passer." },
  ],
} as const;

export const stats = [
  { value: "+300\u00a0%", label: "de conversion", detail: "Plus de discussions qui finissent en ventes." },
  { value: "-80\u00a0%", label: "de coûts opérationnels", detail: "Moins de temps perdu à répondre aux mêmes questions." },
  { value: "24/7", label: "disponibilité", detail: "Jour et nuit, week-end et jours fériés compris." },
] as const;

export const features = {
  title: "Tout ce qu'il faut pour vendre plus, sans vous fatiguer",
  lead: "Une seule plateforme pour vos discussions, vos emails, vos livraisons et vos chiffres.",
  items: [
    {
      icon: "chat",
      title: "IA conversationnelle ivoirienne",
      text: "Elle parle comme vos clients\u00a0: français, anglais et nouchi. Elle répond, conseille et encaisse les commandes sur WhatsApp, sans jamais s'énerver.",
    },
    {
      icon: "mail",
      title: "Assistant email intelligent",
      text: "Il trie vos emails, met de côté les importants et vous envoie un résumé clair. Votre boîte de réception ne vous dépasse plus.",
    },
    {
      icon: "truck",
      title: "Logistique automatisée",
      text: "Le livreur le plus proche est choisi pour vous, la tournée est planifiée et le client suit son colis en temps réel, service après-vente compris.",
    },
    {
      icon: "chart",
      title: "Analyses prédictives",
      text: "Sachez ce qui va partir la semaine prochaine, dans quelle commune, et commandez votre stock au bon moment.",
    },
  ],
} as const;

export const steps = {
  title: "Comment ça marche\u00a0?",
  lead: "Trois étapes, quelques minutes, et c'est parti.",
  items: [
    { title: "Connectez votre numéro WhatsApp", text: "Reliez le numéro de votre entreprise en quelques clics, sans changer de téléphone." },
    { title: "Activez l'IA", text: "Présentez vos produits, vos prix et vos horaires\u00a0: l'IA apprend votre façon de vendre." },
    { title: "Suivez vos ventes et vos statistiques", text: "Discussions, commandes, livraisons et chiffres du jour\u00a0: tout est sur votre tableau de bord." },
  ],
} as const;

export const demo = {
  title: "Flux IA en action",
  lead: "Dix-neuf secondes pour voir votre futur tableau de bord.",
  play: "Lire la vidéo de présentation",
  label: "Vidéo de présentation de Flux IA",
} as const;

export const testimonials = {
  title: "Ils nous font confiance",
  lead: "Des commerçants et des entrepreneurs de tout le pays, qui ont arrêté de courir derrière leur téléphone.",
  previous: "Témoignage précédent",
  next: "Témoignage suivant",
  pause: "Mettre en pause le défilement",
  resume: "Reprendre le défilement",
  items: [
    {
      name: "Aminata Koné",
      role: "Boutique de pagnes, Adjamé",
      rating: 5,
      quote: "Avant, je ratais les commandes du soir. Maintenant l'IA répond même à 23 h, et mes clientes croient que c'est moi qui écris\u00a0!",
    },
    {
      name: "Serge Kouassi",
      role: "Maquis Le Bon Coin, Yopougon",
      rating: 5,
      quote: "Les réservations du week-end se font toutes seules. Mes serveurs s'occupent des clients au lieu du téléphone.",
    },
    {
      name: "Fatou Diabaté",
      role: "Cosmétiques en ligne, Cocody",
      rating: 4,
      quote: "Le résumé des emails chaque matin, c'est doux. Je sais tout de suite quel fournisseur rappeler.",
    },
    {
      name: "Yao N'Guessan",
      role: "Quincaillerie, Bouaké",
      rating: 5,
      quote: "L'IA comprend même quand mes clients écrivent en nouchi. Les ventes ont pris l'ascenseur, c'est gbê\u00a0!",
    },
    {
      name: "Mariam Touré",
      role: "Livraison de repas, Marcory",
      rating: 4,
      quote: "Le bon livreur part au bon moment et le client suit sa commande. Les appels «\u00a0c'est où mon plat\u00a0?\u00a0» ont presque disparu.",
    },
  ],
} as const;

export const faq = {
  title: "Questions fréquentes",
  lead: "Vous vous demandez encore quelque chose\u00a0? On vous répond.",
  items: [
    {
      question: "Comment fonctionne Flux IA\u00a0?",
      answer:
        "Vous connectez le numéro WhatsApp de votre entreprise, vous présentez vos produits et vos prix, et l'IA répond à vos clients à votre place\u00a0: questions, conseils, commandes. Vous suivez tout depuis votre tableau de bord et vous reprenez la main quand vous voulez.",
    },
    {
      question: "Mes données sont-elles en sécurité\u00a0?",
      answer:
        "Oui. Les échanges sont chiffrés, vos données ne sont jamais revendues et seuls vous et les membres de votre équipe y avez accès. Vous pouvez demander leur suppression à tout moment.",
    },
    {
      question: "Faut-il des compétences techniques pour l'utiliser\u00a0?",
      answer:
        "Pas du tout. Si vous savez utiliser WhatsApp, vous savez utiliser Flux IA. La mise en place prend quelques minutes et notre équipe vous accompagne si besoin.",
    },
    {
      question: "Quelles langues et quels dialectes l'IA comprend-elle\u00a0?",
      answer:
        "L'IA parle français et anglais, et elle comprend le nouchi\u00a0: «\u00a0on est ensemble\u00a0», «\u00a0y'a pas drap\u00a0»… Elle répond dans la langue de votre client, avec le ton de votre maison.",
    },
    {
      question: "Comment contacter le support\u00a0?",
      answer:
        "Par WhatsApp, par email à support@flux-ia.ci ou depuis votre tableau de bord. Les clients Pro Business ont un support prioritaire 24/7.",
    },
  ],
} as const;

export const pricing = {
  title: "Des tarifs clairs, en F CFA",
  lead: "Commencez gratuitement, changez de formule quand votre business grandit.",
  perMonth: "/ mois",
  popular: "Le plus populaire",
  plans: [
    {
      name: "Starter",
      amount: 78800,
      description: "Pour lancer votre boutique sur WhatsApp.",
      features: [
        "500 conversations/mois",
        "1 000 messages de campagne / mois",
        "IA de base",
        "Intégration WhatsApp",
        "Support par email",
        "Analyses de base",
      ],
      cta: "Commencer l'essai gratuit",
      popular: false,
    },
    {
      name: "Pro Business",
      amount: 89355,
      description: "Pour les entreprises qui vendent tous les jours.",
      features: [
        "2000 conversations/mois",
        "5 000 messages de campagne / mois",
        "IA avancée + nouchi",
        "Assistant email intelligent",
        "Logistique automatisée",
        "Analyses prédictives",
        "Support prioritaire 24/7",
      ],
      cta: "Démarrer maintenant",
      popular: true,
    },
    {
      name: "Enterprise",
      amount: null,
      priceLabel: "Sur devis",
      description: "Pour les réseaux de boutiques et les grandes équipes.",
      features: [
        "Conversations illimitées",
        "Campagnes illimitées",
        "IA personnalisée",
        "Déploiement multi-sites",
        "Support dédié",
        "SLA garanti",
      ],
      cta: "Nous contacter",
      popular: false,
    },
  ],
} as const;

export const callToAction = {
  title: "Prêt à laisser l'IA travailler pour vous\u00a0?",
  text: "Vos clients écrivent déjà. Flux IA leur répond tout de suite, pendant que vous vous occupez du reste. On est ensemble\u00a0!",
  button: "Voir les tarifs",
} as const;

export const header = {
  nav: [
    { label: "Fonctionnalités", href: "#features" },
    { label: "Tarifs", href: "#pricing" },
  ],
  signIn: "Se connecter",
  dashboard: "Mon Dashboard",
} as const;

export const footer = {
  tagline: "L'assistant IA qui vend pour vous sur WhatsApp, fait en Côte d'Ivoire.",
  columns: [
    {
      title: "Produit",
      links: [
        { label: "Fonctionnalités", href: "#features" },
        { label: "Tarifs", href: "#pricing" },
        { label: "Démo", href: "#demo" },
      ],
    },
    {
      title: "Support",
      links: [
        { label: "Centre d'aide", href: "#faq" },
        { label: "Nous contacter", href: "mailto:support@flux-ia.ci" },
        { label: "Statut du service", href: "#" },
      ],
    },
    {
      title: "Légal",
      links: [
        { label: "Mentions légales", href: "#" },
        { label: "Confidentialité", href: "#" },
        { label: "Conditions d'utilisation", href: "#" },
      ],
    },
  ],
  copyright: "© 2025 Flux IA. Tous droits réservés.",
} as const;
