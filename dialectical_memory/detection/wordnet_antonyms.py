"""Antonym axes generated from WordNet 3.0 by tools/make_antonyms.py (do not edit).

One line per axis: the words of one pole, a bar, the words of the other.
WordNet 3.0 license: Princeton University, see tools/make_antonyms.py."""

AXES = """
abiding enduring eternal everlasting lasting permanent perpetual standing unending|acting ephemeral improvised interim makeshift passing temporal temporary working
ablaze aflame ardent aroused fanatic fervent fiery impassioned lusty passionate wild|platonic unimpassioned
ablaze bright brilliant colorful deep fluorescent rich shot shrill vibrant vivid|ashen blanched bleached bloodless colorless drab dulled faded livid lurid pale pallid pastelike pasty sober somber sombre wan waxen waxlike white
ablaze bright fluorescent incandescent inflamed light lighted lit livid luminescent phosphorescent sunstruck white|black dark darkening dim dusky gloomy subdued sulky tenebrous twilight
able|unable
able capable competent effective efficient workmanlike|incompetent inept
able capable confident|incapable unable
able fit|afflicted bandy bowed crippled disabled game halt handicapped impaired maimed soft swaybacked unfit
abolish|establish
abounding abundant ample easy exuberant long lush plentiful profuse rampant rank rich riotous thick voluminous|rare scarce tight
about acrobatic active agile athletic gymnastic hot nimble overactive quick|dormant hypoactive inactive inert sedentary sluggish torpid
above foregoing introductory old precedent preceding preparative preparatory previous|consecutive ensuing following next succeeding
aboveground surface|belowground submarine submerged subsurface underground undersea underwater
aboveground surface|overhead
abroad external foreign international outside overseas|domestic home interior internal municipal national
abrupt staccato|smooth
absolute accomplished all clean complete completed dead downright exhaustive full good hearty rank sheer sound thorough thoroughgoing total utter|broken half incomplete neither partial rudimentary
absolute arbitrary discretionary|prescribed
absolute direct implicit infinite living|comparative relative
absorb|emit
absorbed attentive captive engrossed enwrapped intent observant wrapped|absent absentminded abstracted dreamy drowsy forgetful oblivious yawning
absorptive receptive spongy thirsty|resistant
abstain|consume
abstract academic pure theoretical|applied forensic practical
abstract conceptual ideal|concrete objective real tangible
accelerate|decelerate
accelerated blistering express fast fleet hot hurrying immediate instant instantaneous prompt quick rapid scurrying smart speedy straightaway swift windy|laggard lazy slow sluggish sulky
accept|refuse
accept|reject
acceptable bully cracking good great hot keen neat satisfactory solid superb swell|abominable awful bad deplorable distressing dreadful fearful frightful hard hopeless horrid ill incompetent lousy negative painful pitiful poor pretty rotten rubber sad severe sorry stinking terrible tough unfavorable unspeakable unsuitable
acceptable classical standard|bad unacceptable
acceptable fit suitable suited worthy|subhuman unfit unsuitable
acceptable unimpeachable|objectionable unacceptable
accepted given granted recognized|secret unconfessed unrecognized unsung
accessory adjunct auxiliary supporting supportive|contradictory
accompanied|alone isolated lone lonely solitary stranded unaccompanied
accompanied|solo unaccompanied
accomplished adept arch complete consummate delicate expert good hot masterly mean practiced proficient skilled skillful technical versatile virtuoso|clumsy crude fumbling hopeless humble incompetent lowly menial rough rusty semiskilled weak
accomplished appointed determined dictated established firm prescribed set settled|doubtful open tentative unsettled
accrued accumulated elevated enlarged exaggerated hyperbolic increased inflated magnified multiplied raised redoubled|ablated bated cut diminished faded minimized reduced shriveled slashed small weakened
accurate close faithful right straight true|away inaccurate incorrect outside unfaithful wide wrong
accurate correct exact precise right straight|erroneous false incorrect mistaken wrong
accustomed|new unused
accustomed chronic customary habitual inveterate regular usual|different extraordinary odd peculiar unique unusual
ace banner boss brag brilliant capital choice crack excellent greatest outstanding premium prime prize quality select shining splendid sterling super superb superior superlative supreme topnotch transcendent|bad base bum bush cheap coarse coarsened commercial common crummy deplorable inferior less miserable punk scrawny tawdry utility woeful wretched
aching biting bitter excruciating painful poignant raw sensitive sore tender torturing wrenching|painless
acid|alkaline basic
acquainted beaten familiar old|strange unfamiliar unknown
acquit|convict
act|refrain
activated active|inactive off retired
activated active|inactive quiescent
activated aerated burned burnt doped treated|raw
activated excited labile unstable|inactive indifferent inert neutral noble stable
active|dormant inactive quiescent
active|inactive passive supine
active|passive
active|quiet
active alive existent existing|absent barren free innocent lacking missing nonexistent vanished
active brisk bustling busy going open|dark dead dull idle inactive slow sluggish unused
active concerned engaged entangled implicated interested involved|unconcerned uninvolved
active effective fighting operational|inactive
active progressive|flat inactive indolent latent quiescent
actual afoot circulating contemporary current latest live topical underway|back dead obsolescent outdated
actual documentary existent factual historical objective real|dreamed fabled fabulous fanciful fantastic fictional illusionary illusory imaginary legendary mythic mythological pictured pretend unreal
actual effective existent|latent possible potential
actual genuine literal real sure true truthful|false mendacious untrue
acute|chronic
acute cutting intense keen knifelike salt sharp|deadened dull
acute discerning discriminating incisive keen knifelike observant penetrating perceptive sharp subtle understanding|blind unseeing
acute fusiform nibbed peaked pointed sharp spiked|blunt
adaptable convertible elastic flexible pliant universal variable|inflexible rigid
adapted altered modified qualified restricted|unrestricted
add|subtract
addicted dependent hooked|clean
adequate capable competent equal|deficient inadequate incapable incompetent lacking
adequate cheering comforting fine okay passing right satisfactory satisfying tolerable|disappointing off unacceptable unsatisfactory
adequate comfortable decent enough sufficient|deficient depleted inadequate insufficient lean light low poor scant short shy
adjacent connected contiguous engaged joined neighboring|apart detached isolated obscure separate separated unattached unconnected
adjective procedural|essential substantive
adjusted|unadjusted
adjusted altered changed revised|unchanged unmoved
adjusted bound directed headed homeward minded oriented|alienated anomic confused lost
adjusted weighted|unadjusted
admirable|abject contemptible low mean miserable pathetic pitiable pitiful
admirable charming delicious delightful easy fabulous good gratifying pleasing sweet|disconcerting exasperating infuriating maddening
admit|deny
admit|exclude
admit|reject
adroit clean clever coordinated cunning dexterous dextrous handy ingenious neat|handless inept maladroit
adult big grown grownup headed mature nubile prime|adolescent immature larval prepubescent prepupal pubescent underdeveloped
advance|back
advance|withdraw
advance earlier earliest early previous primeval proto wee|advanced late posthumous ripe
advance earlier earliest early previous primeval proto wee|mid middle
advanced advancing forward modern modernized progressive|retrogressive
advanced broad full graduate high higher last soaring utmost|depressed down low reduced
advanced civil civilized humane|barbarian barbaric preliterate primitive savage wild
advanced precocious|backward delayed idiotic imbecile retarded simple
advantage|disadvantage
advantageous beneficial good positive preferential|negative
advantageous expedient opportunistic|inadvisable
adventurous audacious daring sporting swaggering|safe
advertised publicized published|unreleased
advisable best better well|inadvisable
aerated charged foamy|flat
aerobic|anaerobic
aerodynamic fast flowing glassy sleek smooth streamlined unlined velvet velvety|alligatored broken cracked craggy crushed lined mountainous rocky rough rugged scratchy shaggy textured tweedy
aesthetic artistic esthetic tasteful unpretentious|barbaric brassy camp cheap flash flashy gaudy indelicate loud ostentatious tawdry
affected artificial constrained contrived forced stilted strained unnatural|lifelike natural unaffected unselfconscious unstilted
affected sick touched|unaffected unmoved untouched
affected smitten stricken subject taken|superior unaffected unimpressed untouched
affectionate amorous attached fond loving romantic smitten tender warm|cold detached frigid
afferent receptive sensory|corticofugal motor
affiliated attached cognate connected correlate correlated corresponding related|misrelated unrelated
affixed glued mounted pasted|loose
aflare afoot ahorseback automotive blown flaring flying kinetic mobile moving oncoming restless writhing|fixed frozen inactive inert motionless rigid set sitting static still
afloat chockful congested filled flooded full heavy instinct laden ladened loaded overloaded pregnant riddled stuffed untouched|bare blank clean empty glassy glazed lifeless looted vacant void white
aforesaid identical said same very|another different new opposite other otherwise
afraid aghast alarmed dismayed fearful frightened horrified hunted hydrophobic numb panicked scared shocked terrified|fearless unafraid
afraid concerned haunted obsessed preoccupied|blithe casual detached indifferent nonchalant unconcerned uninvolved
agape gaping open opened wide yawning|blinking closed compressed shut tight
aged ancient elderly emeritus gray grey old older senile senior venerable|adolescent boyish childlike early girlish immature infantile junior little newborn puppyish schoolgirlish small teen teenage tender vernal young youngish youthful
aged battered eared eroded frayed ragged scoured shabby tattered threadbare worn|new
aged mature ripe|green immature
agglomerate aggregate collective mass|allocable diffusing distributive pervasive
aggressive antagonistic belligerent bitter dirty hostile ill opponent opposing|amicable favorable friendly
agile apt born brainy bright brilliant clever innate intelligent natural nimble quick ready searching smart|headless stupid unintelligent
agitate|calm
ago ancient bygone departed early former gone historic historical knightly last late medieval old onetime other past prehistoric previous recent sometime then|existing immediate instant present
agree|disagree
agricultural bucolic farming folksy pastoral rural rustic|urban urbanized
ahead leading upward|behind down downcast downward fallen set weak
airborne floating mechanized mobile perambulating racy rangy transplantable versatile|stiff
airy|airless close stuffy unventilated
akin allied cognate descendant descendent kindred maternal related|unconnected unrelated
akin analogous correspondent corresponding kindred quasi similar sympathetic|dissimilar
alert alive awake aware conscious sensible|oblivious unaware unconscious
alert brisk driving energetic indefatigable lively merry physical rattling snappy strenuous tireless vigorous|dazed dreamy groggy languid listless
alfresco outdoor outside|indoor
alien established exotic foreign naturalized strange|domestic homegrown native
alike like similar|dissimilar
alive animated lively spirited vital|lifeless wan
alive bouncing live lively spirited warm|bovine drab dreary dull heavy leaden monotonous
alive live viable vital|asleep bloodless breathless cold dead deathlike deathly deceased departed doomed fallen gone inanimate late lifeless murdered pulseless slain
alive sensitive|callous dead dull insensitive numb unaffected
alleged apocryphal doubtful dubious equivocal funny questionable supposed suspect suspicious|indubitable mathematical unimpeachable
alleged avowed declared proclaimed|undeclared
allied|neutral
allied cohesive confederate conjugate conjugated consolidated incorporate integrated one tied unified united|branched chambered disjointed divided forked fragmented sectioned segmental split torn
allow|deny
allow|forbid
allowable|forbidden out taboo
alone exclusive inner inside only privileged selective|comprehensive inclusive
alpha beta big burning cardinal central chief crucial distinguished essential fundamental grand grave great grievous heavy historic important key main master measurable outstanding primary principal serious strategic|immaterial inconsequential indifferent lightweight little trivial unimportant
altered cut|entire intact
amazing astonishing astounding awful baronial brilliant dazzling dramatic formidable gallant glorious grand grandiose heroic imposing impressive lofty magnificent majestic noble proud sensational signal spectacular splendid staggering stately striking stunning stupefying thundering|unimposing unimpressive
amber avocado blue bluish bronze brown brownish buff chestnut coral creamy crimson drab dun earthlike gilded gilt gold golden green hazel honey jade khaki lavender lilac maroon mauve mousy ocher olive orange pink purple red reddish rose rosy ruby ruddy russet rust rusty sage salmon sapphire sorrel stone straw tan tawny vermilion violet yellow|charcoal ebony gray grey jet neutral pearly sable silver silvery sooty
ambiguous double equivocal evasive forked indeterminate|absolute straightforward unambiguous
ambiguous enigmatic uncertain|unambiguous
ambitious arduous awkward baffling challenging delicate difficult elusive embarrassing hard herculean knotty nasty rocky rough rugged serious sticky tall tight tough troublesome trying|casual clean easy effortless elementary painless simple simplified smooth soft unproblematic
amenable capable liable open predisposed subject susceptible vulnerable|incapable resistant unresponsive
amenable liable responsible trustworthy|carefree freewheeling idle irresponsible loose unaccountable unreliable
amended better improved|worse
amiable cordial cozy friendly genial informal intimate social|chilly
amiable placid|cranky cross crotchety dark fussy glowering glum gruff irritable morose nagging nettlesome ornery peevish prickly scratchy shrewish snappy sour spoiled sulky sullen surly ugly
ample astronomical banging big bigger bouffant broad bulky colossal cosmic deep double enlarged enormous epic extended extensive giant gigantic grand great heroic huge immense large larger mammoth massive monstrous monumental mountainous oversized plumping prodigious rangy sizable spacious stupendous super thumping titanic tremendous vast voluminous walloping wide|atomic diminutive elfin lesser little microscopic miniature minute petite puny slender slim small smaller smallish teensy tiny wee
ample full generous good wide|bare meager miserable scanty spare
amused delighted gratified pleased|annoyed disgusted displeased exasperated sick steamed stung
amusing engrossing entertaining fascinating interesting|boring dull earthbound irksome ponderous slow tedious tiresome wearisome
analytic|synthetic
analytic analytical|synthetic
analyze|synthesize
ancestral genetic transmissible transmitted|acquired congenital innate
angelic endearing lovely sweet|abominable hateful odious
angelic good saving white|bad black dark despicable devilish evil fiendish grievous infernal monstrous satanic sinister ugly unholy unworthy vile worthless wretched
animal bodily carnal corporal corporeal material personal physical physiologic physiological sensual somatic|intellectual mental moral psychic psychical psychological rational
animate|inanimate
animated moving|still
annoyed anxious careful clouded distressed disturbed harassed haunted nervous pestered stressed struggling suffering tormented troubled uneasy upset worried|carefree clear unconcerned undisturbed unmolested
annual|perennial
anonymous nameless unknown|binomial
answering|refractory unresponsive
antagonistic counter negative perverse|neutral neutralized
antecedent anterior preexistent prior|accompanying attendant consequent incidental later posterior resultant subsequent
anterior frontal|back hinder posterior
anthropomorphic frail human imperfect weak|bloodless inhuman
antic crazy curious exotic fantastic funny grotesque odd other peculiar quaint queer singular strange unusual weird|common everyday familiar usual
anticipated awaited due expectable expected|unexpected unforeseen upset
antique old patched rusty secondhand used yellow|fresh hot new newborn novel radical recent refreshing revolutionary rising untested untried unused virgin young
antiseptic clean|bawdy blasphemous blue dirty filthy foul lewd nasty obscene profane salacious
antitrust clean fair just sporting|dirty foul raw unfair unjust
anxious dying eager hot impatient|reluctant
any both several some|all each every
any both several some|none zero
apart detached discrete distinct isolated separate separated unaccompanied|clannish collective concerted conjoined cooperative corporate joint
appealing attractive|unattractive
appealing sympathetic|unsympathetic
appear|disappear
appear|vanish
applaud|boo
applicable pertinent relevant|extraneous immaterial irrelevant tangential unsuitable
appreciable considerable healthy hefty respectable significant sizable substantial|inconsiderable
appreciated taken understood|undigested
appreciative discerning discriminating eclectic good selective|indiscriminate
appreciative glad grateful|ungrateful
approachable handy|pathless remote
approachable intelligible understandable|dark enigmatic incomprehensible lost obscure opaque puzzling
appropriate pat proper right|inappropriate wrong
approve|disapprove
approved authorized canonized glorified licensed|unauthorized
apt fond given inclined minded partial prone tending|afraid reluctant
apt liable likely probable promising|last outside remote unlikely
arable fecund fertile productive prolific rich|dry fruitless futile nonproductive vain
arch condescending eminent high leading majestic patronizing preeminent superior upper|humble indifferent inferior low lowly modest outclassed small
arch devilish elfin implike kittenish mischievous mocking playful puckish teasing wicked|serious sober
ardent beady beaming blazing bright brilliant dazzling glaring gleaming glinting glistening glittering luminous lurid opalescent radiant shining shiny silky silver silvery sleek slick twinkling|dull flat mat matted soft subdued
ardent crazy enthusiastic evangelical glowing warm wild|cold lukewarm tepid unenthusiastic
arduous dragging exhausting hard heavy leaden plodding straining strenuous tiring wearying|effortless
aristocratic august blue gentle grand imperial lordly majestic noble purple regal royal titled|base common humble lowly vulgar
arm|disarm
armed barbed prickly|spineless unarmed
armed equipped|clean unarmed
aroused edgy electric isotonic jumpy nervous restive strained taut tense wired|relaxed
arranged laid ordered set|disturbed misplaced
arrive|leave
arrogant beaming big boastful dignified disdainful haughty imperious lordly overbearing pleased proud supercilious swaggering swelled swollen vain|broken crushed humble low meek mild modest
articulate eloquent fluent silver|dumb incoherent mute silent unspoken
arty grandiose inflated pompous portentous|honest modest unpretentious
ascend|descend
ascending rising upward|descendant descendent descending down downhill downward drizzling falling
ascertainable definable determinable|indeterminate unpredictable
ashamed embarrassed guilty|audacious brassy brazen insolent
assemble|disassemble
assent|dissent
assertive cocky emphatic forceful|nonassertive retiring
assorted disparate heterogeneous miscellaneous mixed sundry|consistent homogeneous solid uniform
assured confident overconfident positive reassured|diffident shy timid
assured firm secure sure|precarious shaky
astute cagey clever sharp shrewd smart|dense dim dull dumb foolish jerky lumpish senseless slow stupid thick unthinking weak
atomic nuclear|conventional
atrophied diminished wasted|enlarged hypertrophied
attach|detach
attached|detached separate
attached betrothed committed intended involved|unattached
attack|defend
attend|miss
attendant existing here present ubiquitous|absent away
attired cassocked clad clothed coated cowled dressed garbed gowned petticoated suited tuxedoed uniformed|bare bottomless exposed naked nude raw
attract|repel
attractive|repulsive
attractive captivating cunning cute fascinating fetching irresistible magnetic showy spellbinding winning|homely plain unattractive
audacious bold brave dauntless emboldened fearless foolhardy hardy heroic overvaliant reckless|bashful fearful mousy timid
audible sounding|inaudible silent supersonic ultrasonic
august honorable revered venerable|black inglorious shabby shameful yellow
austere|greedy
austere bare dry featureless homely literal mere plain severe simple stark stern tailored trim|baroque busy crackle dressy elaborate fanciful fancy fantastic florid fussy lacy puff puffed
authentic dependable honest reliable responsible sure true trusted trustworthy|devious slippery
authentic genuine good honest old veritable|assumed bad base bastard bogus fake false fictive imitative mock phony pretended pseudo sham synthetic unauthentic
authoritarian blustery dominating domineering overbearing peremptory|abject bowed cringing dominated henpecked meek submissive
authoritative authorized formal formalized official|drumhead informal loose summary unauthorized unofficial wildcat
automatic smart|manual
available clear emancipated escaped footloose free independent liberated loose sovereign unrestricted|bound captive entangled trapped
available easy obtainable open ready visible|unavailable unobtainable unprocurable
available expendable fluid liquid usable useable|frozen
average cautious conservative fair indifferent intermediate limited medium moderate modest reasonable small|abnormal exaggerated excessive extraordinary extreme far outrageous overdone radical sinful stark steep ultra undue
average common commonplace everyday fair indifferent mundane nondescript ordinary routine unremarkable|awful exceptional extraordinary fantastic frightful grand great howling marvelous one prodigious rare rattling remarkable singular some special terrible terrific tremendous uncanny uncommon wonderful wonderworking wondrous
average common democratic frequent general grassroots ordinary popular standard|exceptional particular rare special uncommon unusual
average mean median modal natural normal regular typical|aberrant abnormal anomalous atypical defective deviant deviate irregular unnatural vicarious
avoid|confront
awake awakened wakeful watchful|asleep dormant drowsy sleepy somnolent torpid
aware careful mindful resonant|forgetful mindless
awed awful respectful|blasphemous profane
axial lengthwise linear running|cross transverse
babelike bloodsucking dependent helpless interdependent|breakaway independent individual unconditional
back|advance
back|front
back|veer
back rear rearward|advance advanced foremost front frontal
background|foreground
backstage clannish close confidential offstage private privy secluded secret snobbish|national open public semipublic unrestricted
backward bashful|brash forward fresh impudent smart wise
backward converse inverse rearward receding regardant reverse|forward headlong
bad sorry|unregretting
baggy loose sloppy|clinched close skinny snug tight viselike
baked burned burnt done fried medium overdone parched roast roasted saute steamed|rare raw
balance|unbalance
balanced counterbalanced harmonious poised proportionate stable symmetrical|labile
bald balding hairless|furry fuzzed fuzzy haired hairy pubescent wiry woolly
bald naked open overt raw undisguised visible|black clandestine disguised furtive secret undercover underground
base basic elemental elementary fundamental grassroots primary radical rudimentary underlying|incident incidental peripheral secondary
based located set settled situated|aimless drifting erratic floating migratory mobile planetary unsettled vagabond wandering
basic eldest first freshman initial introductory original premiere prime prototypical|last senior ultimate
battered bedraggled bent broken busted crumpled dilapidated hurt riddled weakened|intact undamaged
beaded clothed covered crusted dabbled draped drenched dusty muffled overgrown plastered smothered splashed splattered thickspread tiled white wrapped|bald bare denuded naked
beady bespectacled brocaded crested crocketed feathered fringed inflamed jeweled mounted raised ruffled studded wainscoted|bare plain spare
beaming blithe buoyant cheerful cheery chipper gay glad jaunty lighthearted perky smiling sunny|blue dark depressing dingy dismal drab dreary gloomy grim melancholy somber sombre sorry
beardown bullnecked fortified hard hefty ironlike muscular noticeable powerful robust severe sinewy stiff strong vehement virile|anemic faint feeble flimsy pale pallid puny sick spineless vulnerable wan weak weakened
beat bleary bored careworn dead drawn exhausted fatigued haggard jaded ragged tired wearied weary worn|fresh refreshed
beautiful enjoyable grateful gratifying idyllic pleasant|acid bitter blistering dreadful embarrassing grim harsh hot painful rough sharp sore tart ungrateful unhappy unpleasant virulent
beautiful exquisite fair glorious gorgeous handsome lovely picturesque pretty resplendent scenic splendid stunning|disfigured grotesque hideous monstrous repulsive ugly unlovely unpicturesque
beefy burly hardy husky iron robust stout sturdy vigorous|feeble frail infirm rickety weak weakly
begin|end
beginning first inaugural initiative introductory maiden opening starting|closing concluding final last terminal
believable credible likely|astounding fabulous improbable incredible marvelous tall unbelievable
believe|disbelieve
beloved cherished darling dear favored favorite idolized pet precious preferred treasured|alienated despised estranged hated rejected
belowground submarine submerged subsurface underground undersea underwater|overhead
bend|straighten
benevolent big generous giving handsome lavish liberal unselfish|cheap close mean near skinny tight
benevolent charitable gentle gracious kind kindly sympathetic|cutting edged harsh rough stinging unkind unsympathetic
bent desperate determined firm resolute resolved steady stiff stout undaunted unfaltering unshakable unwavering|discouraged infirm irresolute unstable
best champion first foremost optimal optimum prizewinning|bottom last worst
better|worse
better|worsen
better major|minor
bias diagonal oblique|normal rectangular right
big blaring blasting deafening earsplitting earthshaking loud shattering thunderous vocal yelled|dull gentle little low muffled murmuring muted quiet rustling small soft softened subdued
big bold conspicuous crying featured glaring gross large marked outstanding prominent rank salient spectacular striking|invisible obscure
big heavy|easy gentle light soft
bilateral even interchangeable radial radiate regular symmetric symmetrical trigonal|asymmetric
bilateral mutual reciprocal|unanswered unrequited
binding legal legitimate logical sound valid|bad false invalid null void
biological natural|foster
bitter bittersweet choice dainty delicious hot luscious pungent racy rich robust salty savory sour|bland flat
black|white
black colored dark negro negroid|white
blacken|whiten
blanket broad comprehensive countrywide countywide extensive general large nationwide super umbrella universal wide worldwide|limited
bless|curse
blessed blissful bright golden happy prosperous|miserable suffering unhappy wretched
blessed hallowed sacred sanctified|profane unholy
blighted broken burned burnt destroyed extinguished fallen finished gone obliterate raped ruined scorched shattered tattered|maintained preserved retained saved
blistering fervent fiery heated hot overheated scorching sizzling sultry sweltering thermal tropical warming white|arctic bleak chilly cold crisp cutting frigid icy polar raw refrigerated shivery snappy unheated
blond blonde fair redheaded sandy|bronzed brown dark dusky grizzled suntanned swart swarthy tanned
bloodstained bloodsucking bloodthirsty bloody crimson gory homicidal red sanguineous violent|bloodless
blue deflated dejected depressed down downcast gloomy glum grim lonely low|exultant high jubilant rejoicing sublime triumphant uplifted
blue federal northern union yankee|confederate gray grey southern
bluff blunt brutal candid direct forthright frank outspoken plain pointed square straight straightforward|devious indirect oblique roundabout tortuous
blunt dull dulled unsharpened|edged incisive keen knifelike penetrating sharp
blur|focus
bodily corporal corporate corporeal embodied incarnate material|discorporate disembodied immaterial spiritual
boil|freeze
boisterous dashing ebullient exuberant gallant lively pert racy snappy spirited sprightly vibrant vivacious whipping|bloodless listless thin
boo|applaud
booked engaged|rush
booted ironshod shod slippered|barefoot
bore|interest
born|unborn
borrow|lend
bottom inferior|broadside side sidelong
bottomless deep profound unplumbed|shallow
bounce|clear
bouncing firm florid flushed good healthy hearty lusty rosy ruddy sound whole wholesome|angry bad diseased edematous enlarged foamy frothing inflamed inflammatory mental pathologic pathological sallow sickly sunburnt ulcerated unfit unhealthy wheezing yellow
bound|lax loose regular
bound certain doomed sure|contingent uncertain
bound enchained shackled tied wired|unfettered
bounded finite limited|boundless endless inexhaustible infinite limitless unbounded unlimited
boxed closed embedded involved surrounded|open
boycott|patronize
braced equipped precooked prepared processed ready spread|impromptu unprepared
bracing brisk exhilarating fresh refreshing renewing stimulating|debilitating enervating exhausting weakening
brave colorful flashy gaudy gay jazzy noisy picturesque showy|colorless neutral pale pallid
brave courageous desperate gallant game gritty heroic spirited undaunted valiant|chicken cowardly craven faint fearful timid yellow
break|make
break|observe
break|repair
breakable brittle delicate fragile frail friable short splintery|unbreakable
breathing|blown breathless smothering suffocating
breathless electric electrifying exciting exhilarating galvanic galvanizing glamorous thrilling tingling titillating|commonplace tame
breeding fat fertile fruitful plentiful procreative productive prolific rich|unsuccessful
brief compact concise crisp cryptic pithy summary telegraphic terse|diffuse redundant tedious verbal windy wordy
bright brilliant hollow jingling live resonant resounding vibrant|dead dull thudding
bright divine glorious illustrious incandescent inspired storied sublime|inglorious obscure unknown unsung
bright finished polished shining shiny|raw rough
bright fortunate hopeful promising rosy|unfortunate unpromising
brighten|darken
broad catholic liberal tolerant|dogmatic narrow opinionated
broad clear distinct lucid unmistakable vivid|blurred clouded confusing obscure perplexing puzzling vague
broad deep panoramic sweeping wide|constricting narrow narrowed narrowing slender strait tapered tapering thin
broad detectable discernible evident marked noted noticeable observable perceptible pronounced|insignificant
broad general gross overall universal widespread|limited particular peculiar proper special specific unique
broken|unbroken
broken diminished impaired lessened weakened|unimpaired
broken docile domestic gentle tame|savage unbroken wild
broken dotted|solid unbroken uninterrupted
bronze gilded gold golden metal metallic silver|nonmetallic
brooding contemplative lost meditative musing pensive preoccupied reflective thoughtful|thoughtless unreflective unthinking
brushed groomed plastered pomaded sleek|bushy shaggy
brushed touched|untouched
built developed improved landscaped|dirt scrub unimproved
burdened clogged involved|clear
bushwhacking concealed dark furtive hidden obscure secret sneak stealthy|blatant blazing conspicuous
businesslike earnest purposeful|afloat aimless desultory rudderless
businesslike economic economical efficient streamlined|uneconomical wasteful
busy engaged filled occupied|free spare unoccupied
busy engaged occupied toiling|idle indolent lazy
buttoned fastened|unbuttoned unfastened
buy|sell
cackly grating gruff guttural hoarse husky jangling jarring rasping raucous rending ripping rough scratchy splitting|golden silvery
cagey cautious gingerly restrained|impetuous
calculated conscious deliberate intended intentional knowing measured|accidental uncaused unintended unwitting
calculating hard hardened shrewd|soft
caller crisp fresh good hot strong warm|bad cold corrupt hard limp rotten spoiled stale
callous calloused hardened thickened tough|delicate soft tender
calm|agitate
calm composed cool nerveless poised serene tranquil|abashed blushing disconcerted embarrassed unstrung
calm placid quiet settled smooth still tranquil|angry billowing blustery boisterous dirty fierce furious rough stormy surging wild windy
candid open|distorted twisted
capable|incapable
capital direct firsthand original particular primary special|alternate alternative auxiliary indirect secondary secondhand standby substitute supplemental supplementary utility vicarious
capitalist capitalistic competitive individualistic|collective socialist socialistic
careful certain close conscientious detailed elaborate minute narrow particular protective studious sure thorough|careless casual cursory heedless passing perfunctory reckless sloppy
careful long thrifty|short shortsighted
careless deaf heedless indifferent regardless unheeding|attentive thoughtful
celestial divine ethereal godlike heavenly providential|earthbound earthlike mundane temporal terrestrial
center centered central focal halfway median middle midway nuclear|marginal peripheral
centralize|decentralize
centralized|suburbanized
certain|uncertain
certain confident convinced positive sure|ambivalent doubtful dubious incertain uncertain
certain decisive definite distinct|indefinite nebulous one unfixed
certain definite sure|indefinite uncertain
certain dependable reliable sure tested|erratic uncertain unreliable
certified|uncertified
certify|decertify
challenging charged inflammatory provocative rousing|disarming
challenging exciting rousing salty stimulating stirring thrilling|bland dry flat
change|stay
changed transformed varied|same unchanged
changing driving dynamic kinetic projectile slashing|backward stagnant
charge|discharge
charged emotional little lyric lyrical sentimental sloppy|chilly dry philosophic philosophical stoic stoical stolid
charged hot live negative polar positive|dead neutral uncharged
cheer|complain
cheerful optimistic rosy upbeat|discouraged disheartened pessimistic
chiseled clear crisp defined distinct knifelike outlined sharp|bleary blurred cloudy dim faint fuzzy hazy indistinct nebulous shadowy vague veiled
chivalrous courteous gallant knightly|abrupt discourteous short
choked clogged occluded stuffy thrombosed|clear open patent
chronic continuing durable endless eternal extended interminable lasting lengthy lifelong long longstanding overnight perennial prolonged|abbreviated brief fleeting fugitive momentary short shortened
churchgoing devout interfaith religious|atheistic ethnic lapsed nonchurchgoing nonobservant pagan
circular global round spherical|square squared
circumspect wise|shortsighted
civil polite|rude
civilized cultured dainty delicate gentlemanly ladylike mincing polite refined suave|coarse common low neanderthal robust rough rude vulgar
clad|bare
claim|forfeit
clammy damp dank misty moist muddy reeking sloppy sodden steaming sticky washed watery wet|baked dried dry parched scorched sear shriveled sunbaked thirsty withered
clasp|unclasp
classic classical hellenic|modern pop popular
classified confidential restricted secret sensitive|unrestricted
classless democratic parliamentary popular representative republican|authoritarian totalitarian
clean|dirty
clean cleanly fresh immaculate spic spotless unstained unused washed|bedraggled black buggy dingy dirty filthy foul fouled greasy grimy lousy muddy nasty oily soiled sooty sordid unclean
clean clear cold complete consummate down flawless ideal idealized idyllic immaculate impeccable mint perfect|broken corrupt defective imperfect irregular
clean clear fair readable|dirty foul
clean clear fine fresh light native plain pure sheer unclouded unmixed|dingy dirty muddied muddy polluted
clean kosher|unclean
clean moral moralistic righteous|degenerate fast immoral libertine riotous shameful shocking
clear|bounce
clear cleared innocent unimpeachable|criminal guilty punishable
clear clearheaded unclouded|addlebrained befuddled clouded confused dazed muddleheaded silly stunned stupid woolly
clear fair serene unclouded|clouded cloudy dull hazy heavy leaden lowering misty overcast sullen threatening
clear hyaline liquid lucid translucent transparent unclouded unfrosted|cloudy muddy murky opaque solid
clear net|gross overall
cleared improved|unimproved
clerical professional|industrial manual
clinical impersonal neutral objective|personal prejudiced subjective
clogged clotted coagulate creamy dense heavy stringy syrupy thick thickened|rare rarified tenuous thin
close|open
close coordinate equal equivalent even isothermal level tied tight|nonequivalent uneven
close restrained subdued|excessive extravagant exuberant freewheeling unbuttoned
closed limited restricted|discretionary open unrestricted
closed organized union|open
coarse granular gritty harsh loose open|close fine powdered powdery pulverized small tight
coastal|interior landlocked
coaxial|eccentric
coaxing persuasive telling|discouraging warning
cockeyed crocked doped drugged drunk drunken high loaded plastered smashed soaked stiff tight tipsy wet|dry sober
coexistent concurrent contemporary cooccurring parallel simultaneous synchronous|serial
coherent|incoherent
coherent consistent logical ordered|confused disjointed disordered fuzzy garbled incoherent scattered unconnected
coherent demythologized intelligent logical lucid rational reasonable reasoning sane thinking|blind irrational superstitious unreasoning
cold distant far faraway farther farthest further outlying remote removed utmost|adjacent close hot near nearby warm
collect due payable repayable|undue
colored partial slanted|disinterested dispassionate impartial indifferent
combatant martial military|civil civilian
combined occluded one sorbed|unmixed
comfortable comforted|awkward uncomfortable uneasy
comfortable cozy easy homely snug|bad irritating miserable painful tough uncomfortable uneasy warm wretched
comfortable easy flush loaded prosperous rich wealthy|broke bust pinched poor
comfortable wide|bare marginal narrow
commanding dominating eminent high lofty soaring steep upper|deep low squat under
commendable creditable deserving meritorious model notable noteworthy precious sacred valuable valued worth worthwhile worthy|unmeritorious unworthy
commensurate proportionate|disproportionate
committed sworn|floating
common communal public|idiosyncratic individual individualist individualistic respective several single singular various
common joint mutual shared|exclusive individual single sole
commonsense healthy intelligent levelheaded reasonable sensible sound tenable|indefensible mindless senseless undue untenable unwarranted
communicate|excommunicate
communicational communicative expressive gesticulating heraldic narrative nonverbal outspoken sign signed talkative verbal vocal|blank close expressionless mum silent
compact consolidated heavy impacted packed tight|light loose shifting
comparable|alone one unique unparalleled
comparable corresponding duplicate identical indistinguishable like one same|antithetical assorted contrary contrasting different disparate distinct distinguishable divergent diverse opposite polar several variant various
compatible|incompatible
compatible harmonious|antagonistic contradictory incompatible
competent|incompetent unqualified
competitive matched|cooperative noncompetitive
complain|cheer
complete done finished over through|incomplete pending undone
complicate|simplify
complimentary|deprecating deprecatory sneering supercilious
compromising indefensible open threatened vulnerable|bombproof defensible impregnable invulnerable secure sheltered strong tight
compulsive disturbed hysterical neurotic nymphomaniac pathological|together
concave|bulging convex
conceivable|impossible inconceivable unimaginable
concentrate|decentralize
concentrated exclusive single thick|broken diffuse diffused dispersed divided rationed scattered separated shared spaced sparse splashed spread thin widespread
concentrated hard|diffuse diffused soft
concentrated saturated|unsaturated
conciliatory pacific placating soft|antagonistic
conclusive definitive determinate|equivocal indeterminate
concordant consistent consonant pursuant|conflicting contradictory incompatible inconsistent scratchy uneven
concordant unanimous|divisive
concrete dry solid|aerosolized gaseous
concrete dry solid|fluid liquid watery
conditional contingent dependent provisional qualified tentative|blunt crude stark unconditional unconditioned
conditional limited modified qualified|clean clear cool flat outright unconditional unlimited unqualified
confiding|cynical jealous questioning skeptical suspicious wary
confine|free
confirmed official|unofficial
conflicting opposed|unopposed
confluent merging|divergent
conform|deviate
confront|avoid
congratulatory happy|awkward clumsy cumbersome inept unfortunate
connect|disconnect
connected|off
connective|alternative
conscious sentient|cold innocent out senseless stunned subconscious unconscious
consecutive ordered progressive sequential serial successive|disordered
conservative|quality tweedy
conservative conventional square stereotyped straight unimaginative|alternative bizarre eccentric offbeat unconventional
conservative reactionary right|center
conservative reactionary right|left liberal
conservative traditionalist|liberal neoliberal progressive socialized
conserve|waste
considerate thoughtful|thoughtless unthinking
consonant harmonic harmonious pure sympathetic symphonic true|false sour
constant staunch|false untrue volatile
constituent constitutional essential must organic primary staple substantial substantive virtual vital|incidental
constitutional|unconstitutional
constitutional inherent inner integral internal intimate intrinsic|alien external extraneous foreign outside
constricted narrowed pinched|open
constricted tense|lax
constructive creative formative inferential plastic shaping structural|annihilating blasting corrosive crushing damaging destructive devastating negative ruinous wasteful withering
constructive optimistic positive|antagonistic counter negative perverse
constructive optimistic positive|neutral neutralized
consume|abstain
contemporary modern neo ultramodern|antebellum medieval victorian
content|discontent
content contented satisfied smug|discontent discontented dissatisfied rebellious restless
continent pure virgin virtuous|easy fallen light loose
continental|intercontinental worldwide
contingent feasible mathematical possible practicable viable workable|hopeless impossible out unachievable
continual insistent perennial persistent recurrent relentless repeated repetitive running|intermittent irregular isolated occasional periodic spasmodic sporadic stray unpredictable
continue|discontinue
contract|elaborate
contract|expand
contrived planned predetermined|casual chance unpremeditated
controlled disciplined dominated obsessed possessed|lawless loose rampant runaway uncontrollable wild
controlling dominant dominating governing overriding paramount possessive predominate sovereign superior supreme|adjunct assistant associate secondary subordinate under
controversial disputable polemical|undisputed
convenient favorable handy|awkward inconvenient
conventional customary stuffy|alternative bizarre eccentric offbeat unconventional
conventional customary stuffy|irregular unconventional unorthodox
conventional dress formal nominal perfunctory positive prescribed stiff|casual daily everyday folksy informal
conventional established orthodox traditional|nonconformist reformed unorthodox
conventional traditional|untraditional
converge|diverge
convertible|unalterable
convict|acquit
convinced|dubious
convincing credible disillusioning|flimsy unconvincing
convulsive ferocious fierce furious hot lashing lurid savage tough violent|passive peaceful
cool|heat
cool dapper dashing fashionable jaunty latest modern quaint snappy swagger|antique dated out outmoded prehistoric
cooperative synergistic|uncooperative
coordinated duplicate matched matching paired twin|incompatible odd unmated unpaired unsuited
cordial dear devout earnest genuine honest sincere true|false gilded obsequious oily plausible
cordial hearty warm|cool unresponsive
cork|uncork
correct|falsify
correct decent fitting kosher proper right straitlaced victorian|incorrect indecent untoward wrong
correct right|wrong
corrupt dirty dishonest perverse reprobate sordid|antiseptic
costly dear expensive overpriced|cheap inexpensive
courteous gracious nice polite|discourteous rude
cover|uncover
crafty cunning cute deep elusive precious slick sly wily|careless
craved desired hot sought|discarded outcast unclaimed unwanted unwelcome
creative fanciful fictive imaginative inventive|sterile unimaginative
credible|skeptical
crescendo increasing|decreasing
crisp curled curling curly wavy|straight
critical evaluative judicial|uncritical
critical scathing|uncritical
criticize|praise
crowning eventual final last net supreme ultimate|immediate proximate
crowning top upper uppermost|bottom inferior
crowning top upper uppermost|broadside side sidelong
crucial material|immaterial
crude early new precocious primitive rude young|advanced late later
cry|laugh
crying desperate imperative insistent instant peremptory pressing shrill urgent|imploring pleading
cultural ethnic gregarious interpersonal social|alone lone lonely recluse solitary
curious interested|bored dulled indifferent
curse|bless
cursed damned destroyed doomed lost ruined unredeemed|blessed reclaimed saved
custom tailored|made
cut dilute watery weak weakened white|black concentrated neat straight undiluted
cut slashed|rough
cylindrical ellipsoid oval rounded|angular rectangular triangular
dainty delicate ethereal exquisite fragile gossamer pastel tender|rugged sturdy tough
daring freehand fresh germinal new novel original|banal cold commonplace dusty hackneyed platitudinous stale stock threadbare timeworn tired trite
darken|brighten
darken|lighten
dead|active alive live
dead fine microscopic nice precise skillful very|general imprecise
deaden|enliven
deaf|hearing
decadent gay hard heavy indulgent luxurious sporting voluptuous|austere blue monkish severe stern strict
decelerate|accelerate
decent|crude earthy gross hollywood indecent indelicate obscene suggestive vulgar
decent demure modest|indecent
decentralize|centralize
decertify|license
decisive resolute|hesitating
declarative|interrogative
declared definitive explicit express expressed graphic|implicit inherent silent underlying understood unsaid unspoken
decrease|increase
deep distant extreme yonder|adjacent approximate close contiguous enveloping immediate imminent impending next proximate snuggled surrounding walking
deep fat heavy quilted thick thickened|bladed capillary compressed depressed fine flat gossamer hyperfine light papery sheer slender tenuous thin transparent
deep heavy profound sound|light shallow wakeful
deep profound thoughtful|apparent looking seeming shallow sounding superficial
deepening exasperating intensifying thickening|weakening
defend|attack
defend|prosecute
defiant resistant resistive|amenable lamblike
defined|indefinable vague
deglycerolize|glycerolize
delay|rush
delicate irritable nociceptive sensitive|dead deadened insensitive
deltoid elongate linear simple|cleft compound conjugate parted radiate
demanding rigorous stern strict tight|light
demonstrative|restrained
demote|promote
dense heavy hefty massive ponderous|airy buoyant light lightweight
deny|admit
deny|allow
depart|stay
dependable even firm level regular steadied steady sure unwavering|convulsive faltering jerking jerky quavering shaky shifting shivering shuddering spasmodic tottering trembling uneven wobbling
dependable good healthy safe secure solid sound stable|bad long risky speculative wildcat
dependent ruled subject subordinate subservient|disobedient rebellious unruly
depersonalize|personalize
deposit|withdraw
depress|elate
deprive|enrich
derivative derived|original primary
descend|ascend
deserved|gratuitous
designate elect future incoming influent inward next succeeding|effluent out outgoing outward past preceding retiring
desirable desired preferable preferred|undesirable unwanted
desirable eligible entitled legal suitable worthy|disqualified ineligible undesirable unqualified unsuitable
despair|hope
detach|attach
detected|forgotten neglected overlooked unheeded unnoticed
detected heard perceived|unseen
determinate|indeterminate
determinate fixed|indeterminate
determined discovered observed|unexplained
determined dogged persistent pigheaded stubborn|docile meek sheeplike tame yielding
developed industrial|developing underdeveloped
developed mature|rudimentary undeveloped
deviate|conform
devotional|godless impious
differ|equal
differentiable distinguishable|indistinguishable
differentiate|integrate
differentiated|dedifferentiated undifferentiated uniform
differentiated special specialized|generalized
digestible light predigested|heavy undigested
dignified distinguished formal grand imposing stately|humiliating pathetic ridiculous silly
diligent enduring patient tolerant unhurried|impatient restive
diligent hardworking industrious tireless|lax negligent slack
dim|bright
dimensioning|confusing estranging stunning stupefying
direct|inverse reciprocal
direct exact literal mathematical perfect photographic rigorous strict|approximate free liberal loose odd rough round
direct immediate|indirect mediate
direct straightforward through|devious indirect meandering roundabout sidelong squint wandering winding
direct unilateral|indirect
directed|difficult uncheckable uncontrollable unruly
directing directional directive leading|following pursuing
dirty|clean
dirty infected infectious infective pussy septic|antiseptic clean cleansing sterile
disable|enable
disadvantage|advantage
disagree|agree
disagree|match
disallow|permit
disappear|appear
disapprove|approve
disarm|arm
disassemble|assemble
disbelieve|believe
discharge|charge
discharge|enlist
disciplined drilled trained|naive primitive
disconnect|connect
discontent|content
discontinue|continue
discourage|encourage
discriminate|indiscriminate sweeping
disengage|engage
dishearten|cheer
dishonor|honor
disintegrate|integrate
disjointed hurt injured lacerate livid mangled raw separated torn wounded|intact inviolate unhurt unscathed whole
dislike|like
dislodge|lodge
disobey|obey
disorder|order
disprove|prove
disputable|demonstrable demonstrated unshakable
disqualify|qualify
dissent|assent
dissolved liquid molten|frozen
dissuade|persuade
distal|median
distal|proximal
distant faraway remote removed|approximate boon close confidential cozy dear familiar good intimate near thick
distinctive identifiable recognizable|elusive intangible unrecognizable
distortable erratic fluid mercurial mobile quicksilver reversible unstable volatile|confirmed fixed frozen stable static unalterable unchangeable
distressing disturbing heavy leaden taxing weighted|casual fooling light
distrust|trust
diverge|converge
diversified varied|general solid unanimous whole
divest|invest
divide|multiply
divide|unite
divine godlike herculean powerful|subhuman
divine ineffable inspirational inviolate numinous religious reverend sacred spiritual sublime taboo unspeakable|lay profane secular
docile|balking intractable refractory stubborn uncontrollable
doglike loyal|rebellious traitorous unfaithful
dominant frequent prevailing prevalent regular steady|infrequent occasional rare
double|single
downgrade|upgrade
downright honest honorable|beguiling deceptive dishonest false misleading thieving
downwind|weather
drafty draughty porous seeping|hermetic snug tight waterproof
drastic emphatic firm forceful impetuous physical sharp strong|forceless
dress|undress
dressed fattening finished polished|raw roughhewn
drugless good healing healthful organic preventive psychotherapeutic remedial salutary therapeutic|crippling disabling infective pathogenic unhealthy
dry|wet
due|undue
dull|sharpen
durable functional operational serviceable usable useable|inoperable
early old|late modern new
early old|middle
earnest grave real sedate serious sincere sober sobering solemn solid thoughtful|dizzy frivolous idle light silly trivial
earthshaking evidential fundamental important large momentous monumental noteworthy operative portentous prodigious profound remarkable significant|flimsy fragile insignificant light slight superficial tenuous thin trivial unimportant
earthy graphic lifelike living pictorial practical pragmatic real realistic veridical virtual vivid|false fantastic unrealistic wild
earthy natural|unnatural violent
east eastern eastward|west westerly western westward
easy|precarious uneasy unstable worried
easy gentle gradual sloping|abrupt bluff bold heavy sharp sheer steep
ebb|tide
economic fat gainful juicy moneymaking paid profitable remunerative|dead idle lean marginal
economic material mercenary mundane secular temporal terrestrial worldly|monastic spiritual
economical saving thrifty|extravagant prodigal uneconomical wasteful
ecstatic festive gay gleeful jolly jovial joyous jubilant merry|unsmiling
educated enlightened familiar hip informed knowing knowledgeable privy wise|ignorant innocent naive unwitting
educated knowing knowledgeable learned literate semiliterate|ignorant illiterate undereducated
effective good operating operational operative working|dead down
elastic flexible live lively plastic rubberlike rubbery stretch viscoelastic|dead
elate|depress
elder major older senior superior|junior lowly minor secondary younger
elected electoral|appointed
elegant exquisite fine foppish neat refined tasteful|gauche homely
elegant fluent fluid graceful liquid lithe slender smooth|awkward clumsy strained ungainly wooden
elevated exalted grand lofty noble rarified sublime|base mean
elevated lifted raised upraised|down lowered
elongate elongated extended far long prolonged stretch|abbreviated brief close short shortened snub
emblematic regular representative true typical veritable|atypical
emergent emerging nascent|dying last
emit|absorb
emotional|cerebral intellectual
emphatic masculine stressed|feminine light unstressed weak
empirical existential experiential experimental observational semiempirical|abstractive hypothetical metaphysical speculative supposed theoretical
employed|fallow undeveloped
employed engaged hired working|idle unemployed
empty|fill
empty hungry starved|thirsty
enable|disable
enabling|disabling
encourage|discourage
end|begin
enforce|exempt
engage|disengage
enjoy|suffer
enlightened|dark
enlist|discharge
enliven|deaden
enrich|deprive
enter|exit
entire full intact integral total whole|aliquot fractional fragmentary half halfway
entire smooth undulate|ciliate fringed jagged lacerate rough scalloped
equal|differ
equipotent potent stiff strong|impotent unable
equitable fair honest just|unjust
erase|record
erect firm hard hardened rocklike set solid|brushed fluffy padded soft softening spongy velvet velvety woolly yielding
erect rampant rearing standing straight upright vertical|bended bent crooked dormant flat prone prostrate sleeping stooped supine weeping
essential indispensable necessary needed required|excess extra gratuitous needless redundant spare surplus unnecessary unneeded
establish|abolish
established grooved legitimate official planted recognized|unrecognized
ethical honorable right|base criminal deplorable immoral misguided mistaken reprehensible vicious wrong
euphoric|distressed unhappy
even|odd uneven
even flat flush level plane straight true|irregular jagged ragged uneven untrue wavy
exclude|admit
exclude|include
excommunicate|communicate
exempt|enforce
exempt privileged|liable taxpaying
exhausted|left odd remaining
existing immediate instant present|approaching coming early emerging future rising upcoming
exit|enter
expand|abridge
expand|shrink
expectant hopeful|abject black bleak despairing desperate despondent dim forlorn helpless hopeless insoluble lost
expedient politic sagacious|unwise
experienced intimate knowledgeable old older practiced practised veteran|fledgling inexperienced naive new raw uninitiate uninitiated untested untried young
explicit literal|extended figurative poetic tropical
export|import
expressed oral spoken unwritten verbal|engrossed graphic graphical handwritten inscribed longhand written
expressible|indefinable indescribable ineffable inexpressible unspeakable untellable
extant living surviving|dead
exterior out outside|indoor inside interior
external outer outside|inner interior internal intrinsic
external outer outward|inner interior internal inward private secret
extinguish|ignite
extraneous foreign|antiseptic cleansing detergent
faced featured|anonymous
fail|pass
fail|succeed
fair|foul
faithful|unfaithful
faithful fast firm loyal true|treacherous unfaithful untrue
fall|rise
falsify|correct
famed famous identified illustrious known legendary notable noted proverbial|unexplored unknown
far right starboard|left near port
fashionable favorite hot popular|unpopular
fast|slow
fast firm fixed leaded taped|detached floating free unfixed
fast flying hasty headlong hurried precipitate quick rush|careful deliberate easy leisurely measured unhurried
fast presto|slow
fasten|unfasten
fastened|undone unfastened unlocked
fastened knotted tied|unfastened
fat fatty greasy oily|light skim
fat fleshy gross heavy overweight plump stout|bony cadaverous emaciated gaunt haggard lanky lean pinched scarecrowish scrawny shriveled skeletal skinny slender slight slim spare stringy thin trim wasted wiry withered
favorable following|adverse contrary unfavorable
favorable golden gracious lucky propitious prosperous|ill ominous thunderous
favorable indulgent|adverse unfavorable untoward
fecund fertile impregnable rank|barren infertile sterile unfertile unfertilized
federal national|local
feed|starve
feminine|hoydenish unwomanly
feminine|neuter
fiery flaming heated hot sensual sizzling sultry|cold frigid frozen icy wintry
figurative mimetic realistic representational|abstract conventional formal geometric geometrical protogeometric schematic
fill|empty
find|lose
finished painted stained whitewashed|bare unstained
finite|infinite
fire|hire
firm lasting stabilized stable steady|cranky explosive rickety rocky seismic shaky tender tipsy tottering unstable volatile wobbly
first|second
fit primed prompt ready ripe set waiting|unready
fitting just meet rightful|unjust
flat horizontal level swimming|diagonal inclined leaning pitched salient sidelong slanted slanting sloping tilted tipped
flat horizontal level swimming|plumb unsloped upright vertical
flatten|sharpen
fledgling mature|immature
flexible|adamant inexorable inflexible
flexible pliant stretched|inflexible rigid stiff
float|sink
flourishing made productive prosperous roaring successful thriving winning|attempted disappointed discomfited frustrated hitless out ruined scoreless undone unsuccessful winless
fluid liquid watery|aerosolized gaseous
focus|blur
fold|unfold
follow|precede
forbid|permit
foreground|background
foremost|aft after
foreseeable inevitable predictable|occasional unpredictable
forfeit|claim
forget|mind
forget|remember
formal literary|colloquial common conversational epistolatory informal subliterary unliterary vulgar
formal logical|absurd inconsequential intuitive visceral
formed pliant precast shaped|amorphous shapeless
former|latter
fortified shielded snug|exposed naked open unprotected unshielded
fortunate good happy lucky miraculous providential well|abject black disastrous dispossessed doomed downtrodden fatal fateful hapless miserable pathetic piteous pitiable pitiful poor unfortunate unhappy unlucky wretched
forward|reverse
fragrant perfumed scented sweet|fetid foul high reeking sour stinking
free|confine
free|obstruct
free|servile
free liberated|bound conjugate conjugated
freelance mercenary paid remunerative square|complimentary free gratuitous outstanding owing unpaid
freeze|boil
fresh|aged dried frozen preserved
fresh lactating wet|dry
fresh sweet|brackish saline salty
friendly|hostile
front|back
frostbitten frozen icy|melting unfrozen
full grumbling heavy rich round sonorous sounding stentorian|pale thin
full nourished|starved starving unnourished
functional|organic
functional functioning operative running working|amiss awry bad defective nonfunctional wrong
functional practicable practical pragmatic serviceable unimaginative working|crazy impractical quixotic romantic
functional structural useful utilitarian|decorative nonfunctional
future likely potential prospective|retrospective
gain|reduce
gather|spread
generalize|specify
genial hospitable kind|bare barren bleak desolate godforsaken hostile inhospitable stark waste wild
gentle mild moderate soft|bad big brutal cold concentrated deep exquisite extreme fierce intense intensive keen main overwhelming profound screaming severe smart strong terrible terrific thick unabated utmost vehement violent wicked wild
gilded grand lavish lush luxurious opulent plush rich sumptuous|mean poor
give|take
glad|bittersweet doleful melancholy mournful pensive sad tragic tragicomic
glad happy inclined prepared ready willing|reluctant unwilling
glazed|glassless
glycerolize|deglycerolize
gone lost misplaced missing stray wasted|found
good honorable honored redoubtable reputable respectable respected|infamous notorious sordid
good intellectual rational reflective serious sophisticated|mindless
good just righteous sound upright|sinful unholy wicked
good nice pleasant|awful dirty filthy hateful lousy mean nasty
good right ripe timely|inconvenient wrong
governmental political|nonpolitical
gradual graduated stepwise|abrupt emergent explosive jerky sharp sudden
grammatical|incorrect
gray grey halfway intermediate junior mediate middle penultimate sophomore|terminal
greater|lesser
gregarious social|solitary
gross microscopic ocular subgross visible visual|concealed hidden infrared invisible ultraviolet
guided|unguided
guileless square straight straightforward transparent|corrupt crooked underhanded
hard|soft
harden|soften
hardened|soft
hardened sunbaked treated|brittle
harmless innocent|bad catastrophic damaging harmful ill mischievous prejudicial ruinous subtle
harmonious|inappropriate incompatible inconsistent ironic ironical unfitting
harsh heavy|light
hate|love
haunted inhabited occupied peopled populated populous settled|abandoned deserted lonely solitary unoccupied unsettled
have|miss
headed|headless
healthy hearty nutrient nutritive organic salubrious satisfying solid square substantial wholesome|insubstantial loathsome offensive rich unhealthy vile
heartening rallying|discouraging disheartening frustrating
heat|cool
heavy|light
hide|show
high nasal peaky pinched screechy sharp shrill soprano squeaky tenor treble|bass contrabass contralto deep low
hire|displace
hit|miss
hitch|unhitch
home|away
homemade|manufactured
homozygous|heterozygous
honest true truthful|mendacious
honor|dishonor
hope|despair
hospitable open receptive|closed unsympathetic
hospitable welcoming|inhospitable
hot lucky|unlucky
hot warm|cold cool
humane humanist humanistic humanitarian|bestial brutal brute cold cruel fell inhuman inhumane pitiless savage unkind vicious
hydrophobic|hydrophilic
hydrous|anhydrous
idle|run
idle|work
ignore|know
ignore|notice
impeccable innocent virtuous|evil heavy sinful ungodly vicious villainous wicked
import|export
inboard|portable
include|exclude
incoming|outgoing
increase|decrease
increasing progressive raising|decreasing diminishing dwindling falling tapering
independent main|dependent subordinate
individual individualized own personal personalized private|impersonal
inflexible sturdy uncompromising|compromising conciliatory flexible yielding
inhibited repressed smothered strangled|abandoned earthy
instinctive intuitive natural spontaneous|induced
integrate|differentiate
integrate|disintegrate
integrated mixed|isolated segregated separate white
integrated organic structured|amorphous artificial inorganic mineral unstructured
intelligent polished refined sophisticated worldly|childlike green gullible innocent naive simple
intelligible|slurred thick
intense pure saturated vivid|dull unsaturated
intensive|extensive
interdepartmental|intradepartmental
interest|bore
internal|outside
interpretable|cryptic deep incomprehensible inexplicable inscrutable mysterious paradoxical unaccountable unexplainable unexplained
intrusive|beetle bulging jutting projected relieved starting sticking
invalid|valid
invalidate|validate
invaluable precious priceless rich semiprecious valuable worth|negligible senseless sorry valueless wasted worthless
invest|divest
inviting tantalizing|unattractive
ionic|nonionic
ionized|nonionic
irritate|soothe
issue|recall
jetting running|dead slack stagnant standing still
joined married united wed|divorced single unmarried unwed widowed
judicial legal legitimate statutory|black contraband criminal dirty extralegal hot illegal illegitimate illicit ineligible misbranded outlaw punishable unlawful
keep|lose
keep|transgress
kind tolerant|vindictive
kindly|malign
knot|unravel
know|ignore
lanky leggy long rangy stately tall|chunky compact little short squat stocky thick
lash|unlash
lasting persistent|shed
laugh|cry
leading major star stellar|insignificant minor secondary
learned|innate naive unconditioned
leathered rubbery sinewy stringy tough|crisp tender
leave|arrive
leering spiteful vicious vindictive|unmalicious
left liberal|center
legion many numerous some|few
legitimate rightful true|base illegitimate unlawful
lend|borrow
lengthen|shorten
lessened relieved satisfied|blinking bloody blooming complete consummate everlasting flaming gross perfect pure stark thoroughgoing undiminished utter
let|prevent
level|raise
licked|triumphant unconquered
lie|sit
lie|stand
light|heavy
light|heavy industrial
light|heavy ponderous
light moderate restrained|big heavy
light pale pastel powdery|dark
lighten|darken
like|dislike
like same|unlike
like similar|different dissimilar unlike
likely probable|improbable supposed unlikely
limited minor modest narrow small|bottomless limitless unlimited untrammeled
limited particular peculiar proper special specific unique|nonspecific
linear|flat flattened planar
lined|unlined
linger|rush
lingual linguistic|nonlinguistic
liquid swimming|dry
literary literate|illiterate
literate|illiterate preliterate semiliterate
little small|capital great
live|filmed recorded taped
live living|dead lifeless out
live loaded|blank unloaded
loaded prejudiced racist|impartial
local topical|general
lock|unlock
lodge|dislodge
lone only single singular sole solitary unique|aggregate double dual fourfold manifold multiple quadruple tenfold treble triple twofold
long|short
long retentive|forgetful short
loosen|stiffen
lose|acquire
lose|find
lose|keep
lose|profit
lose|win
love|hate
lower|raise
loyal nationalistic patriotic|unpatriotic
lucid sane|buggy certified cracked crazed crazy deranged disturbed hebephrenic idiotic insane lunatic mad maniac maniacal maniclike paranoid possessed psychopathic psychotic schizophrenic sick touched unstable wacky wild
lukewarm tepid warm warmed warming|caller cool precooled
lyric|dramatic
magnetic|geographic geographical true
major|minor
make|break
male masculine virile|fair female feminine
male staminate|female
manage|fail
marine submerged underwater|onshore terrestrial
marked scarred|unasterisked
masculine|feminine
masculine|neuter
mask|unmask
massive solid|hollow sunken tubular
material physical|immaterial intangible
material real substantial|aerial airy ethereal insubstantial shadowy stringy unreal wraithlike
mature ripe|adolescent childish immature infantile juvenile
maximal maximum supreme|borderline marginal minimal minimum negligible nominal token tokenish
maximize|minimize
meaning meaningful meaty pregnant purposeful significant substantive|empty hollow insignificant meaningless mindless nonsense
measurable|limitless
medical|operative
merciful|fierce merciless mortal pitiless remorseless ruthless
methodical organized|broken chaotic confused disordered disorganized scrambled undone upset
mid middle|advanced late posthumous ripe
middle|late modern new
midwestern western|eastern southeastern
mighty muscular potent powerful ruling strong|feeble helpless nerveless powerless weak
migratory|resident
mind|forget
minimize|maximize
minor pardonable|deadly inexcusable mortal
miscellaneous variable varied variegated various varying versatile|unvarying
miss|attend
miss|have
miss|hit
mistrust|trust
modeled sculptural sculptured shapely stacked voluptuous|chunky deformed distorted malformed nodular shapeless
modest retiring|important
more|fewer less
more|less
mortal|immortal
most|least
mountainous upland|lowland
move|stay
much some such untold|little slight small
multiply|divide
narrow|widen
national nationalistic|global international planetary world worldwide
native|adopted
natural|arranged artificial bleached cardboard colored ersatz fake false imitation near painted simulated stylized substitute synthetic unreal
natural|flat
natural|sharp
natural physical|charming elfin ghostlike ghostly magic magical marvelous metaphysical miraculous spectral spiritual supernatural talismanic transcendental uncanny weird wizard
neat orderly shipshape straight trim|cluttered disheveled disorderly frowzled jumbled littered messy scraggly sloppy slovenly sprawling straggling tousled
nervous quick warm|steady
none zero|all each every
normal|abnormal exceptional
normal|psychic psychical
north northeast northerly northern northward northwest|south southbound southeast southeastern southern southward southwest
northern|southern
notice|ignore
obedient|contrary disobedient headstrong perverse refractory wayward willful
obey|disobey
obsequious servile submissive subservient|unservile
observant|lawless outlaw unlawful
obstruct|free
occidental western|eastern oriental
occupied|unoccupied
off sour turned|fresh sweet
offensive|defensive
official prescribed regular standard stock timed uniform weak|casual crooked irregular occasional strong unconventional unlawful
oleophilic|oleophobic
omniscient sagacious sage wise|absurd cockeyed fond foolish idiotic inane insane ludicrous mad mindless misguided preposterous ridiculous silly unwise wacky
onshore|offshore
open|close
open|closed
open opened yawning|closed drawn
open unfastened|closed shut
opposite paired|alternate
order|disorder
orderly|boisterous disorderly moblike raucous rowdy unruly
organic|inorganic
ostentatious showy|quiet restrained unpretentious
out outer outside satellite|inner inside
outside right|inside wrong
overestimate|underestimate
pacific peaceable peaceful|belligerent militant stormy warlike
pack|unpack
paid professional|amateur lay recreational unpaid
paired|unmated
palpable perceptible tangible|elusive subtle
parallel|bias diagonal oblique
parallel|normal rectangular right
particulate|nonparticulate
partisan|bipartisan independent nonpartisan
pass|fail
pat plausible slick|improbable unbelievable unconvincing unlikely
paternalistic|maternal
patronize|boycott
paved|unpaved
permit|forbid
personalize|depersonalize
persuade|dissuade
piano soft|forte loud
pictured|undepicted
plain|brindle dappled dotted flecked floral laced marbleized moire mottled patched slashed speckled streaked striped veined
planned|unpremeditated
plumb unsloped upright vertical|diagonal inclined leaning pitched salient sidelong slanted slanting sloping tilted tipped
polished processed|natural raw rude streaming
polycrystalline|amorphous
porous|retentive
positive|negative
potent virile|impotent
praise|knock
precede|follow
precede|succeed
prefix|suffix
prepackaged|loose
prevent|let
prewar|postwar
privileged sweetheart|underprivileged
pro|anti
processed refined|crude
productive|consumptive
professional|amateur
profit|lose
promote|demote
prompt timely|belated late nighted
proper real true|deceptive dreamlike phantom unreal
proportional proportionate relative|disproportionate
prosecute|defend
prove|disprove
published|unpublished
pull|push
purge|rehabilitate
push|pull
qualified|quack unqualified
qualify|disqualify
qualitative soft|numerical quantitative valued
questionable|positive undeniable
quiescent quiet|disruptive riotous squalling troubled tumultuous turbulent
quiet silent still tiptoe|blatant buzzing clamorous clanging clanking noisy thundering vociferous whirring
raise|level
raise|lower
ratable taxable|exempt
rational|irrational
real|nominal
real tangible|intangible
reassure|worry
reborn reformed|obdurate
recall|issue
recede|advance
receptive|fast impervious proof resistant soundproof
reconstructed|unreconstructed
record|erase
recoverable|lost
reduce|gain
refrain|act
refuse|accept
regular|irregular
regular|irregular temporary
regular regulation standard standardized stock|deficient inferior
regular scheduled|extra forced special
regular standing|irregular
rehabilitate|purge
reject|accept
reject|admit
relax|tense
relaxing reposeful|restless uneasy
religious|unscrupulous
remember|forget
repair|break
repel|attract
resident|nonresident
resist|surrender
resistant tolerable tolerant|bitter impossible intolerable unacceptable unbearable unendurable
resolved solved|unsolved
respectful|annihilating contemptuous derisive devastating disdainful flip gibelike impious impudent insolent insulting mocking scornful taunting withering
reversible|irreversible permanent
reversible|irrevocable
rich|lean
rich|poor
ride|walk
right|left
right|wrong
rise|descend
rise|set
rising|down falling soft
roughen|smooth
run|idle
running|pass passing
rush|delay
rush|linger
safe|down out
safe unhurt|dangerous desperate perilous precarious risky treacherous unreliable wild
saturated|unsaturated
savory|offensive
scarred|unstained
scientific technological|unscientific
scramble|unscramble
screw|unscrew
secular|religious
sedate|indelicate
sedate|stimulate
selfish|unselfish
sell|buy
sensible sensitive|asleep numb
separable|inseparable
serviceable usable useable useful utilitarian|futile unavailing useless
set|rise
sexual|neuter
sharp|flat
sharpen|dull
sharpen|flatten
sharpen|soften
shaved shaven|bearded bestubbled bewhiskered mustached unshaved unshaven whiskered
shifting uncertain unsettled variable variant versatile|constant invariable invariant strict unvarying
shorten|lengthen
shout|whisper
show|hide
shrink|stretch
shy wary|gullible
signed|unsigned
similar synonymous|complementary contradictory contrary converse incompatible
simple simplex simplistic|colonial complex complicated composite compound interlocking interwoven intricate involved knotty tangled thickening tortuous
simplify|complicate
singular|dual
sink|float
sit|lie
sit|stand
sleep|wake
smooth|jumpy rocky rough
smooth|roughen
snarl|disentangle
soft voiced|hard
soften|harden
soften|sharpen
softened|flat monotone monotonous
solid|flat flattened planar
solid|linear
solid sound strong substantial|decayed rotten
soluble|insoluble
solvent|bankrupt
soothe|irritate
sparkling|still
specific|nonspecific
specify|generalize
spiral turbinate wound|straight
spread|gather
stained|unstained
stand|lie
stand|sit
stand|yield
standing|running
standing|seated sitting
start|stop
starve|feed
statute written|unwritten
stay|change
stay|depart
stay|move
stereo stereophonic|monaural monophonic
stiffen|loosen
stifle|stimulate
stimulate|sedate
stimulate|stifle
stop|start
straight|arched arching bowed curved curving hooked sinuous sinusoidal
straight|awry cockeyed crooked hooked knotted knotty malposed tortuous twisting voluminous warped windblown winding writhed wry zigzag
straight|gay homosexual queer
straighten|bend
strain|relax
strengthen|weaken
stretch|shrink
structured|ambiguous unstructured
subdued tame|chaotic disorderly excited frantic frenzied mad manic wild
subsidized|groundless idle unassisted unwarranted wild
subtract|add
succeed|fail
succeed|precede
succumb|survive
suffer|enjoy
suffix|prefix
superimposed|underlying
superior|inferior
surrender|resist
survive|succumb
sweet|dry sec
sweet syrupy|acid astringent sour tart
sympathetic|unsympathetic
synergistic|antagonistic incompatible
synthesize|analyze
tactile tactual tangible|intangible
take|give
taut tense tight|lax limp loose sagging slack tensionless
tense|relax
thicken|thin
thin|thicken
tide|ebb
tie|untie
tilled|fallow unbroken unplowed
tolerant|rigid strict
tough|protective sentimental tender
traveled|parochial provincial rustic
tropical|arctic polar
trust|distrust
unbalance|balance
unclasp|clasp
uncork|cork
uncover|cover
underestimate|overestimate
underhanded|overhand
undress|dress
unfasten|fasten
unfold|fold
unhitch|hitch
unilateral|bilateral joint multilateral triangular
unite|divide
univalent|double
unlash|lash
unlock|lock
unmask|mask
unpack|pack
unpaid voluntary volunteer willful willing|driven forced involuntary unconscious unwilling
unreliable weak|foolproof infallible unerring
unscramble|scramble
unscrew|screw
unthematic|thematic
untie|tie
unveil|veil
unwind|wind
unwire|wire
upgrade|downgrade
upstairs|downstairs
upstream|downstream
uptown|downtown
validate|invalidate
veer|back
veil|unveil
verbal|mathematical numerical
vernal|wintry
vertebrate|spineless
vocal|instrumental
vocalic|consonantal
volatile|nonvolatile
voluntary|automatic autonomic involuntary reflex
wake|sleep
walk|ride
wane|wax
waste|conserve
wax|wane
waxing|waning
weaken|strengthen
welcome|uninvited unwelcome
well|afflicted ailing bedfast consumptive diabetic dizzy faint feverish funny green ill light nauseated peaked poorly rickety sick sickish sickly stricken upset
wet|dry
whisper|shout
whiten|blacken
whole|half
widen|narrow
win|lose
wind|unwind
wire|unwire
withdraw|deposit
work|idle
worry|reassure
worsen|better
wrinkled|unwrinkled
written|spontaneous unwritten
wrong|right
yield|stand
"""
