// Every scenario, in the order they run for each tenant.
import './session.ts';
import './tabs.ts';
import './settings.ts';
import './messages.ts';
import './dialogs.ts';
import './mobile.ts';
import './disclaimer.ts';
import './resources.ts';
import './print.ts';
import './screen.ts';
import './warehouse.ts';
import './inventory.ts';
import './contracts.ts';
import './hedging.ts';
import './margin.ts';
