/**
 * A lexicon of means, written from pharmacology references and public-health lists of common
 * suicide means, not from any data file. Medicines appear by generic and brand name as people in
 * the US, Canada, the UK and Ireland, Australia, India, Nigeria, the Philippines and Germany know
 * them; the typo repair (normalise.ts) and the model's character n-grams catch misspellings.
 * Words here join the concept sets in lexicon.ts, so every frame written over "@medicine" or
 * "@poison" also knows a brand it was never shown.
 */

/** Analgesics, sedatives, antidepressants and other medicines dangerous in overdose. */
export const MEDICINES = `
  paracetamol acetaminophen tylenol panadol calpol crocin dolo biogesic tempra efferalgan doliprane benuron
  ibuprofen advil motrin nurofen brufen combiflam alaxan medicol aspirin disprin aleve naproxen diclofenac voltaren
  cocodamol codeine dihydrocodeine tramadol tilidin tilidine endone oxycodone oxycontin percocet vicodin hydrocodone
  morphine fentanyl methadone buprenorphine suboxone gabapentin pregabalin lyrica neurontin
  xanax alprazolam alprax restyl diazepam valium lorazepam ativan tavor clonazepam klonopin rivotril temazepam
  zopiclone zopiclon imovane zolpidem ambien stilnox nitrest zolfresh diphenhydramine benadryl unisom nytol zzzquil
  phenergan promethazine doxylamine quetiapine seroquel mirtazapine remeron trazodone olanzapine zyprexa risperidone
  sertraline zoloft lustral fluoxetine prozac citalopram celexa escitalopram lexapro cipralex paroxetine paxil seroxat
  venlafaxine effexor duloxetine cymbalta amitriptyline elavil nortriptyline dothiepin dosulepin bupropion wellbutrin
  lithium lamotrigine lamictal aripiprazole abilify propranolol inderal amlodipine metoprolol digoxin verapamil
  insulin metformin warfarin iron colchicine tablet tabs tab pill pills meds sleepingpills painkillers
`;

/** Household and farm poisons, by what they are and by the brand names people use for them. */
export const POISONS = `
  bleach poison antifreeze pesticide insecticide weedkiller herbicide paraquat gramoxone roundup sniper
  ratpoison rodenticide drano lye caustic kerosene petrol organophosphate cyanide
`;

export const GUNS = 'gun rifle pistol firearm shotgun bullet bullets ammo trigger revolver glock handgun';
