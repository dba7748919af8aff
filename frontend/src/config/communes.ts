/** Communes and towns the delivery forms offer (the server accepts the same list: logistics/locations.py). */
export const COMMUNES = [
  "Abobo", "Adjamé", "Anyama", "Attécoubé", "Bingerville", "Bouaké", "Cocody", "Daloa", "Grand-Bassam",
  "Korhogo", "Koumassi", "Marcory", "Plateau", "Port-Bouët", "San-Pédro", "Songon", "Treichville",
  "Yamoussoukro", "Yopougon",
] as const;
