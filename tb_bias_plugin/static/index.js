var As=Object.defineProperty;var wu=Object.getOwnPropertyDescriptor;var Hi=(t,e,n)=>()=>{if(n)throw n[0];try{return t&&(e=t(t=0)),e}catch(i){throw n=[i],i}};var xu=(t,e)=>{for(var n in e)As(t,n,{get:e[n],enumerable:!0})};var w=(t,e,n,i)=>{for(var r=i>1?void 0:i?wu(e,n):e,s=t.length-1,o;s>=0;s--)(o=t[s])&&(r=(i?o(e,n,r):o(r))||r);return i&&r&&As(e,n,r),r};var Ge,Lo=Hi(()=>{Ge=class{constructor(e){this._map=new Map,this._roundAverageSize=!1,this.totalSize=0,e?.roundAverageSize===!0&&(this._roundAverageSize=!0)}set(e,n){let i=this._map.get(e)||0;this._map.set(e,n),this.totalSize+=n-i}get averageSize(){if(this._map.size>0){let e=this.totalSize/this._map.size;return this._roundAverageSize?Math.round(e):e}return 0}getSize(e){return this._map.get(e)}clear(){this._map.clear(),this.totalSize=0}}});function cr(t){return t==="horizontal"?"width":"height"}var Gn,Do=Hi(()=>{Gn=class{_getDefaultConfig(){return{direction:"vertical"}}constructor(e,n){this._latestCoords={left:0,top:0},this._direction=null,this._viewportSize={width:0,height:0},this.totalScrollSize={width:0,height:0},this.offsetWithinScroller={left:0,top:0},this._pendingReflow=!1,this._pendingLayoutUpdate=!1,this._pin=null,this._firstVisible=0,this._lastVisible=0,this._physicalMin=0,this._physicalMax=0,this._first=-1,this._last=-1,this._sizeDim="height",this._secondarySizeDim="width",this._positionDim="top",this._secondaryPositionDim="left",this._scrollPosition=0,this._scrollError=0,this._items=[],this._scrollSize=1,this._overhang=1e3,this._hostSink=e,Promise.resolve().then(()=>this.config=n||this._getDefaultConfig())}set config(e){Object.assign(this,Object.assign({},this._getDefaultConfig(),e))}get config(){return{direction:this.direction}}get items(){return this._items}set items(e){this._setItems(e)}_setItems(e){e!==this._items&&(this._items=e,this._scheduleReflow())}get direction(){return this._direction}set direction(e){e=e==="horizontal"?e:"vertical",e!==this._direction&&(this._direction=e,this._sizeDim=e==="horizontal"?"width":"height",this._secondarySizeDim=e==="horizontal"?"height":"width",this._positionDim=e==="horizontal"?"left":"top",this._secondaryPositionDim=e==="horizontal"?"top":"left",this._triggerReflow())}get viewportSize(){return this._viewportSize}set viewportSize(e){let{_viewDim1:n,_viewDim2:i}=this;Object.assign(this._viewportSize,e),i!==this._viewDim2?this._scheduleLayoutUpdate():n!==this._viewDim1&&this._checkThresholds()}get viewportScroll(){return this._latestCoords}set viewportScroll(e){Object.assign(this._latestCoords,e);let n=this._scrollPosition;this._scrollPosition=this._latestCoords[this._positionDim],Math.abs(n-this._scrollPosition)>=1&&this._checkThresholds()}reflowIfNeeded(e=!1){(e||this._pendingReflow)&&(this._pendingReflow=!1,this._reflow())}set pin(e){this._pin=e,this._triggerReflow()}get pin(){if(this._pin!==null){let{index:e,block:n}=this._pin;return{index:Math.max(0,Math.min(e,this.items.length-1)),block:n}}return null}_clampScrollPosition(e){return Math.max(-this.offsetWithinScroller[this._positionDim],Math.min(e,this.totalScrollSize[cr(this.direction)]-this._viewDim1))}unpin(){this._pin!==null&&(this._sendUnpinnedMessage(),this._pin=null)}_updateLayout(){}get _viewDim1(){return this._viewportSize[this._sizeDim]}get _viewDim2(){return this._viewportSize[this._secondarySizeDim]}_scheduleReflow(){this._pendingReflow=!0}_scheduleLayoutUpdate(){this._pendingLayoutUpdate=!0,this._scheduleReflow()}_triggerReflow(){this._scheduleLayoutUpdate(),Promise.resolve().then(()=>this.reflowIfNeeded())}_reflow(){this._pendingLayoutUpdate&&(this._updateLayout(),this._pendingLayoutUpdate=!1),this._updateScrollSize(),this._setPositionFromPin(),this._getActiveItems(),this._updateVisibleIndices(),this._sendStateChangedMessage()}_setPositionFromPin(){if(this.pin!==null){let e=this._scrollPosition,{index:n,block:i}=this.pin;this._scrollPosition=this._calculateScrollIntoViewPosition({index:n,block:i||"start"})-this.offsetWithinScroller[this._positionDim],this._scrollError=e-this._scrollPosition}}_calculateScrollIntoViewPosition(e){let{block:n}=e,i=Math.min(this.items.length,Math.max(0,e.index)),r=this._getItemPosition(i)[this._positionDim],s=r;if(n!=="start"){let o=this._getItemSize(i)[this._sizeDim];if(n==="center")s=r-.5*this._viewDim1+.5*o;else{let a=r-this._viewDim1+o;if(n==="end")s=a;else{let l=this._scrollPosition;s=Math.abs(l-r)<Math.abs(l-a)?r:a}}}return s+=this.offsetWithinScroller[this._positionDim],this._clampScrollPosition(s)}getScrollIntoViewCoordinates(e){return{[this._positionDim]:this._calculateScrollIntoViewPosition(e)}}_sendUnpinnedMessage(){this._hostSink({type:"unpinned"})}_sendVisibilityChangedMessage(){this._hostSink({type:"visibilityChanged",firstVisible:this._firstVisible,lastVisible:this._lastVisible})}_sendStateChangedMessage(){let e=new Map;if(this._first!==-1&&this._last!==-1)for(let i=this._first;i<=this._last;i++)e.set(i,this._getItemPosition(i));let n={type:"stateChanged",scrollSize:{[this._sizeDim]:this._scrollSize,[this._secondarySizeDim]:null},range:{first:this._first,last:this._last,firstVisible:this._firstVisible,lastVisible:this._lastVisible},childPositions:e};this._scrollError&&(n.scrollError={[this._positionDim]:this._scrollError,[this._secondaryPositionDim]:0},this._scrollError=0),this._hostSink(n)}get _num(){return this._first===-1||this._last===-1?0:this._last-this._first+1}_checkThresholds(){if(this._viewDim1===0&&this._num>0||this._pin!==null)this._scheduleReflow();else{let e=Math.max(0,this._scrollPosition-this._overhang),n=Math.min(this._scrollSize,this._scrollPosition+this._viewDim1+this._overhang);this._physicalMin>e||this._physicalMax<n?this._scheduleReflow():this._updateVisibleIndices({emit:!0})}}_updateVisibleIndices(e){if(this._first===-1||this._last===-1)return;let n=this._first;for(;n<this._last&&Math.round(this._getItemPosition(n)[this._positionDim]+this._getItemSize(n)[this._sizeDim])<=Math.round(this._scrollPosition);)n++;let i=this._last;for(;i>this._first&&Math.round(this._getItemPosition(i)[this._positionDim])>=Math.round(this._scrollPosition+this._viewDim1);)i--;(n!==this._firstVisible||i!==this._lastVisible)&&(this._firstVisible=n,this._lastVisible=i,e&&e.emit&&this._sendVisibilityChangedMessage())}}});var Vo={};xu(Vo,{FlowLayout:()=>he,flow:()=>fr});function Fo(t){return t==="horizontal"?"marginLeft":"marginTop"}function Gu(t){return t==="horizontal"?"marginRight":"marginBottom"}function Yu(t){return t==="horizontal"?"xOffset":"yOffset"}function Qu(t,e){let n=[t,e].sort();return n[1]<=0?Math.min(...n):n[0]>=0?Math.max(...n):n[0]+n[1]}var fr,hr,he,Yn=Hi(()=>{Lo();Do();fr=t=>Object.assign({type:he},t);hr=class{constructor(){this._childSizeCache=new Ge,this._marginSizeCache=new Ge,this._metricsCache=new Map}update(e,n){let i=new Set;Object.keys(e).forEach(r=>{let s=Number(r);this._metricsCache.set(s,e[s]),this._childSizeCache.set(s,e[s][cr(n)]),i.add(s),i.add(s+1)});for(let r of i){let s=this._metricsCache.get(r)?.[Fo(n)]||0,o=this._metricsCache.get(r-1)?.[Gu(n)]||0;this._marginSizeCache.set(r,Qu(s,o))}}get averageChildSize(){return this._childSizeCache.averageSize}get totalChildSize(){return this._childSizeCache.totalSize}get averageMarginSize(){return this._marginSizeCache.averageSize}get totalMarginSize(){return this._marginSizeCache.totalSize}getLeadingMarginValue(e,n){return this._metricsCache.get(e)?.[Fo(n)]||0}getChildSize(e){return this._childSizeCache.getSize(e)}getMarginSize(e){return this._marginSizeCache.getSize(e)}clear(){this._childSizeCache.clear(),this._marginSizeCache.clear(),this._metricsCache.clear()}},he=class extends Gn{constructor(){super(...arguments),this._itemSize={width:100,height:100},this._physicalItems=new Map,this._newPhysicalItems=new Map,this._metricsCache=new hr,this._anchorIdx=null,this._anchorPos=null,this._stable=!0,this._measureChildren=!0,this._estimate=!0}get measureChildren(){return this._measureChildren}updateItemSizes(e){this._metricsCache.update(e,this.direction),this._scheduleReflow()}_getPhysicalItem(e){return this._newPhysicalItems.get(e)??this._physicalItems.get(e)}_getSize(e){return this._getPhysicalItem(e)&&this._metricsCache.getChildSize(e)}_getAverageSize(){return this._metricsCache.averageChildSize||this._itemSize[this._sizeDim]}_estimatePosition(e){let n=this._metricsCache;if(this._first===-1||this._last===-1)return n.averageMarginSize+e*(n.averageMarginSize+this._getAverageSize());if(e<this._first){let i=this._first-e;return this._getPhysicalItem(this._first).pos-(n.getMarginSize(this._first-1)||n.averageMarginSize)-(i*n.averageChildSize+(i-1)*n.averageMarginSize)}else{let i=e-this._last;return this._getPhysicalItem(this._last).pos+(n.getChildSize(this._last)||n.averageChildSize)+(n.getMarginSize(this._last)||n.averageMarginSize)+i*(n.averageChildSize+n.averageMarginSize)}}_getPosition(e){let n=this._getPhysicalItem(e),{averageMarginSize:i}=this._metricsCache;return e===0?this._metricsCache.getMarginSize(0)??i:n?n.pos:this._estimatePosition(e)}_calculateAnchor(e,n){return e<=0?0:n>this._scrollSize-this._viewDim1?this.items.length-1:Math.max(0,Math.min(this.items.length-1,Math.floor((e+n)/2/this._delta)))}_getAnchor(e,n){if(this._physicalItems.size===0)return this._calculateAnchor(e,n);if(this._first<0)return this._calculateAnchor(e,n);if(this._last<0)return this._calculateAnchor(e,n);let i=this._getPhysicalItem(this._first),r=this._getPhysicalItem(this._last),s=i.pos;if(r.pos+this._metricsCache.getChildSize(this._last)<e)return this._calculateAnchor(e,n);if(s>n)return this._calculateAnchor(e,n);let l=this._firstVisible-1,u=-1/0;for(;u<e;)u=this._getPhysicalItem(++l).pos+this._metricsCache.getChildSize(l);return l}_getActiveItems(){this._viewDim1===0||this.items.length===0?this._clearItems():this._getItems()}_clearItems(){this._first=-1,this._last=-1,this._physicalMin=0,this._physicalMax=0;let e=this._newPhysicalItems;this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e,this._stable=!0}_getItems(){let e=this._newPhysicalItems;this._stable=!0;let n,i;if(this.pin!==null){let{index:u}=this.pin;this._anchorIdx=u,this._anchorPos=this._getPosition(u)}if(n=this._scrollPosition-this._overhang,i=this._scrollPosition+this._viewDim1+this._overhang,i<0||n>this._scrollSize){this._clearItems();return}(this._anchorIdx===null||this._anchorPos===null)&&(this._anchorIdx=this._getAnchor(n,i),this._anchorPos=this._getPosition(this._anchorIdx));let r=this._getSize(this._anchorIdx);r===void 0&&(this._stable=!1,r=this._getAverageSize());let s=this._metricsCache.getMarginSize(this._anchorIdx)??this._metricsCache.averageMarginSize,o=this._metricsCache.getMarginSize(this._anchorIdx+1)??this._metricsCache.averageMarginSize;this._anchorIdx===0&&(this._anchorPos=s),this._anchorIdx===this.items.length-1&&(this._anchorPos=this._scrollSize-o-r);let a=0;for(this._anchorPos+r+o<n&&(a=n-(this._anchorPos+r+o)),this._anchorPos-s>i&&(a=i-(this._anchorPos-s)),a&&(this._scrollPosition-=a,n-=a,i-=a,this._scrollError+=a),e.set(this._anchorIdx,{pos:this._anchorPos,size:r}),this._first=this._last=this._anchorIdx,this._physicalMin=this._anchorPos-s,this._physicalMax=this._anchorPos+r+o;this._physicalMin>n&&this._first>0;){let u=this._getSize(--this._first);u===void 0&&(this._stable=!1,u=this._getAverageSize());let c=this._metricsCache.getMarginSize(this._first);c===void 0&&(this._stable=!1,c=this._metricsCache.averageMarginSize),this._physicalMin-=u;let h=this._physicalMin;if(e.set(this._first,{pos:h,size:u}),this._physicalMin-=c,this._stable===!1&&this._estimate===!1)break}for(;this._physicalMax<i&&this._last<this.items.length-1;){let u=this._getSize(++this._last);u===void 0&&(this._stable=!1,u=this._getAverageSize());let c=this._metricsCache.getMarginSize(this._last);c===void 0&&(this._stable=!1,c=this._metricsCache.averageMarginSize);let h=this._physicalMax;if(e.set(this._last,{pos:h,size:u}),this._physicalMax+=u+c,!this._stable&&!this._estimate)break}let l=this._calculateError();l&&(this._physicalMin-=l,this._physicalMax-=l,this._anchorPos-=l,this._scrollPosition-=l,e.forEach(u=>u.pos-=l),this._scrollError+=l),this._stable&&(this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e)}_calculateError(){return this._first===0?this._physicalMin:this._physicalMin<=0?this._physicalMin-this._first*this._delta:this._last===this.items.length-1?this._physicalMax-this._scrollSize:this._physicalMax>=this._scrollSize?this._physicalMax-this._scrollSize+(this.items.length-1-this._last)*this._delta:0}_reflow(){let{_first:e,_last:n}=this;super._reflow(),(this._first===-1&&this._last==-1||this._first===e&&this._last===n)&&this._resetReflowState()}_resetReflowState(){this._anchorIdx=null,this._anchorPos=null,this._stable=!0}_updateScrollSize(){let{averageMarginSize:e}=this._metricsCache;this._scrollSize=Math.max(1,this.items.length*(e+this._getAverageSize())+e)}get _delta(){let{averageMarginSize:e}=this._metricsCache;return this._getAverageSize()+e}_getItemPosition(e){return{[this._positionDim]:this._getPosition(e),[this._secondaryPositionDim]:0,[Yu(this.direction)]:-(this._metricsCache.getLeadingMarginValue(e,this.direction)??this._metricsCache.averageMarginSize)}}_getItemSize(e){return{[this._sizeDim]:this._getSize(e)||this._getAverageSize(),[this._secondarySizeDim]:this._itemSize[this._secondarySizeDim]}}_viewDim2Changed(){this._metricsCache.clear(),this._scheduleReflow()}}});var Sn=globalThis,Mn=Sn.ShadowRoot&&(Sn.ShadyCSS===void 0||Sn.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,qi=Symbol(),Cs=new WeakMap,Pe=class{constructor(e,n,i){if(this._$cssResult$=!0,i!==qi)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=n}get styleSheet(){let e=this.o,n=this.t;if(Mn&&e===void 0){let i=n!==void 0&&n.length===1;i&&(e=Cs.get(n)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),i&&Cs.set(n,e))}return e}toString(){return this.cssText}},En=t=>new Pe(typeof t=="string"?t:t+"",void 0,qi),K=(t,...e)=>{let n=t.length===1?t[0]:e.reduce((i,r,s)=>i+(o=>{if(o._$cssResult$===!0)return o.cssText;if(typeof o=="number")return o;throw Error("Value passed to 'css' function must be a 'css' function result: "+o+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+t[s+1],t[0]);return new Pe(n,t,qi)},Ts=(t,e)=>{if(Mn)t.adoptedStyleSheets=e.map(n=>n instanceof CSSStyleSheet?n:n.styleSheet);else for(let n of e){let i=document.createElement("style"),r=Sn.litNonce;r!==void 0&&i.setAttribute("nonce",r),i.textContent=n.cssText,t.appendChild(i)}},Ui=Mn?t=>t:t=>t instanceof CSSStyleSheet?(e=>{let n="";for(let i of e.cssRules)n+=i.cssText;return En(n)})(t):t;var{is:$u,defineProperty:Su,getOwnPropertyDescriptor:Mu,getOwnPropertyNames:Eu,getOwnPropertySymbols:ku,getPrototypeOf:Au}=Object,kn=globalThis,Rs=kn.trustedTypes,Cu=Rs?Rs.emptyScript:"",Tu=kn.reactiveElementPolyfillSupport,Oe=(t,e)=>t,Ne={toAttribute(t,e){switch(e){case Boolean:t=t?Cu:null;break;case Object:case Array:t=t==null?t:JSON.stringify(t)}return t},fromAttribute(t,e){let n=t;switch(e){case Boolean:n=t!==null;break;case Number:n=t===null?null:Number(t);break;case Object:case Array:try{n=JSON.parse(t)}catch{n=null}}return n}},An=(t,e)=>!$u(t,e),Ps={attribute:!0,type:String,converter:Ne,reflect:!1,useDefault:!1,hasChanged:An};Symbol.metadata??=Symbol("metadata"),kn.litPropertyMetadata??=new WeakMap;var xt=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,n=Ps){if(n.state&&(n.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((n=Object.create(n)).wrapped=!0),this.elementProperties.set(e,n),!n.noAccessor){let i=Symbol(),r=this.getPropertyDescriptor(e,i,n);r!==void 0&&Su(this.prototype,e,r)}}static getPropertyDescriptor(e,n,i){let{get:r,set:s}=Mu(this.prototype,e)??{get(){return this[n]},set(o){this[n]=o}};return{get:r,set(o){let a=r?.call(this);s?.call(this,o),this.requestUpdate(e,a,i)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??Ps}static _$Ei(){if(this.hasOwnProperty(Oe("elementProperties")))return;let e=Au(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(Oe("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(Oe("properties"))){let n=this.properties,i=[...Eu(n),...ku(n)];for(let r of i)this.createProperty(r,n[r])}let e=this[Symbol.metadata];if(e!==null){let n=litPropertyMetadata.get(e);if(n!==void 0)for(let[i,r]of n)this.elementProperties.set(i,r)}this._$Eh=new Map;for(let[n,i]of this.elementProperties){let r=this._$Eu(n,i);r!==void 0&&this._$Eh.set(r,n)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let n=[];if(Array.isArray(e)){let i=new Set(e.flat(1/0).reverse());for(let r of i)n.unshift(Ui(r))}else e!==void 0&&n.push(Ui(e));return n}static _$Eu(e,n){let i=n.attribute;return i===!1?void 0:typeof i=="string"?i:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,n=this.constructor.elementProperties;for(let i of n.keys())this.hasOwnProperty(i)&&(e.set(i,this[i]),delete this[i]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Ts(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,n,i){this._$AK(e,i)}_$ET(e,n){let i=this.constructor.elementProperties.get(e),r=this.constructor._$Eu(e,i);if(r!==void 0&&i.reflect===!0){let s=(i.converter?.toAttribute!==void 0?i.converter:Ne).toAttribute(n,i.type);this._$Em=e,s==null?this.removeAttribute(r):this.setAttribute(r,s),this._$Em=null}}_$AK(e,n){let i=this.constructor,r=i._$Eh.get(e);if(r!==void 0&&this._$Em!==r){let s=i.getPropertyOptions(r),o=typeof s.converter=="function"?{fromAttribute:s.converter}:s.converter?.fromAttribute!==void 0?s.converter:Ne;this._$Em=r;let a=o.fromAttribute(n,s.type);this[r]=a??this._$Ej?.get(r)??a,this._$Em=null}}requestUpdate(e,n,i,r=!1,s){if(e!==void 0){let o=this.constructor;if(r===!1&&(s=this[e]),i??=o.getPropertyOptions(e),!((i.hasChanged??An)(s,n)||i.useDefault&&i.reflect&&s===this._$Ej?.get(e)&&!this.hasAttribute(o._$Eu(e,i))))return;this.C(e,n,i)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,n,{useDefault:i,reflect:r,wrapped:s},o){i&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,o??n??this[e]),s!==!0||o!==void 0)||(this._$AL.has(e)||(this.hasUpdated||i||(n=void 0),this._$AL.set(e,n)),r===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(n){Promise.reject(n)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,s]of this._$Ep)this[r]=s;this._$Ep=void 0}let i=this.constructor.elementProperties;if(i.size>0)for(let[r,s]of i){let{wrapped:o}=s,a=this[r];o!==!0||this._$AL.has(r)||a===void 0||this.C(r,void 0,s,a)}}let e=!1,n=this._$AL;try{e=this.shouldUpdate(n),e?(this.willUpdate(n),this._$EO?.forEach(i=>i.hostUpdate?.()),this.update(n)):this._$EM()}catch(i){throw e=!1,this._$EM(),i}e&&this._$AE(n)}willUpdate(e){}_$AE(e){this._$EO?.forEach(n=>n.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(n=>this._$ET(n,this[n])),this._$EM()}updated(e){}firstUpdated(e){}};xt.elementStyles=[],xt.shadowRootOptions={mode:"open"},xt[Oe("elementProperties")]=new Map,xt[Oe("finalized")]=new Map,Tu?.({ReactiveElement:xt}),(kn.reactiveElementVersions??=[]).push("2.1.2");var ji=globalThis,Os=t=>t,Cn=ji.trustedTypes,Ns=Cn?Cn.createPolicy("lit-html",{createHTML:t=>t}):void 0,Wi="$lit$",$t=`lit$${Math.random().toFixed(9).slice(2)}$`,Xi="?"+$t,Ru=`<${Xi}>`,Bt=document,ze=()=>Bt.createComment(""),Le=t=>t===null||typeof t!="object"&&typeof t!="function",Ki=Array.isArray,Vs=t=>Ki(t)||typeof t?.[Symbol.iterator]=="function",Bi=`[ 	
\f\r]`,Ie=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Is=/-->/g,zs=/>/g,qt=RegExp(`>|${Bi}(?:([^\\s"'>=/]+)(${Bi}*=${Bi}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Ls=/'/g,Ds=/"/g,Hs=/^(?:script|style|textarea|title)$/i,Gi=t=>(e,...n)=>({_$litType$:t,strings:e,values:n}),b=Gi(1),ut=Gi(2),im=Gi(3),lt=Symbol.for("lit-noChange"),x=Symbol.for("lit-nothing"),Fs=new WeakMap,Ut=Bt.createTreeWalker(Bt,129);function qs(t,e){if(!Ki(t)||!t.hasOwnProperty("raw"))throw Error("invalid template strings array");return Ns!==void 0?Ns.createHTML(e):e}var Us=(t,e)=>{let n=t.length-1,i=[],r,s=e===2?"<svg>":e===3?"<math>":"",o=Ie;for(let a=0;a<n;a++){let l=t[a],u,c,h=-1,f=0;for(;f<l.length&&(o.lastIndex=f,c=o.exec(l),c!==null);)f=o.lastIndex,o===Ie?c[1]==="!--"?o=Is:c[1]!==void 0?o=zs:c[2]!==void 0?(Hs.test(c[2])&&(r=RegExp("</"+c[2],"g")),o=qt):c[3]!==void 0&&(o=qt):o===qt?c[0]===">"?(o=r??Ie,h=-1):c[1]===void 0?h=-2:(h=o.lastIndex-c[2].length,u=c[1],o=c[3]===void 0?qt:c[3]==='"'?Ds:Ls):o===Ds||o===Ls?o=qt:o===Is||o===zs?o=Ie:(o=qt,r=void 0);let d=o===qt&&t[a+1].startsWith("/>")?" ":"";s+=o===Ie?l+Ru:h>=0?(i.push(u),l.slice(0,h)+Wi+l.slice(h)+$t+d):l+$t+(h===-2?a:d)}return[qs(t,s+(t[n]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),i]},De=class t{constructor({strings:e,_$litType$:n},i){let r;this.parts=[];let s=0,o=0,a=e.length-1,l=this.parts,[u,c]=Us(e,n);if(this.el=t.createElement(u,i),Ut.currentNode=this.el.content,n===2||n===3){let h=this.el.content.firstChild;h.replaceWith(...h.childNodes)}for(;(r=Ut.nextNode())!==null&&l.length<a;){if(r.nodeType===1){if(r.hasAttributes())for(let h of r.getAttributeNames())if(h.endsWith(Wi)){let f=c[o++],d=r.getAttribute(h).split($t),m=/([.?@])?(.*)/.exec(f);l.push({type:1,index:s,name:m[2],strings:d,ctor:m[1]==="."?Rn:m[1]==="?"?Pn:m[1]==="@"?On:Wt}),r.removeAttribute(h)}else h.startsWith($t)&&(l.push({type:6,index:s}),r.removeAttribute(h));if(Hs.test(r.tagName)){let h=r.textContent.split($t),f=h.length-1;if(f>0){r.textContent=Cn?Cn.emptyScript:"";for(let d=0;d<f;d++)r.append(h[d],ze()),Ut.nextNode(),l.push({type:2,index:++s});r.append(h[f],ze())}}}else if(r.nodeType===8)if(r.data===Xi)l.push({type:2,index:s});else{let h=-1;for(;(h=r.data.indexOf($t,h+1))!==-1;)l.push({type:7,index:s}),h+=$t.length-1}s++}}static createElement(e,n){let i=Bt.createElement("template");return i.innerHTML=e,i}};function jt(t,e,n=t,i){if(e===lt)return e;let r=i!==void 0?n._$Co?.[i]:n._$Cl,s=Le(e)?void 0:e._$litDirective$;return r?.constructor!==s&&(r?._$AO?.(!1),s===void 0?r=void 0:(r=new s(t),r._$AT(t,n,i)),i!==void 0?(n._$Co??=[])[i]=r:n._$Cl=r),r!==void 0&&(e=jt(t,r._$AS(t,e.values),r,i)),e}var Tn=class{constructor(e,n){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=n}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:n},parts:i}=this._$AD,r=(e?.creationScope??Bt).importNode(n,!0);Ut.currentNode=r;let s=Ut.nextNode(),o=0,a=0,l=i[0];for(;l!==void 0;){if(o===l.index){let u;l.type===2?u=new oe(s,s.nextSibling,this,e):l.type===1?u=new l.ctor(s,l.name,l.strings,this,e):l.type===6&&(u=new Nn(s,this,e)),this._$AV.push(u),l=i[++a]}o!==l?.index&&(s=Ut.nextNode(),o++)}return Ut.currentNode=Bt,r}p(e){let n=0;for(let i of this._$AV)i!==void 0&&(i.strings!==void 0?(i._$AI(e,i,n),n+=i.strings.length-2):i._$AI(e[n])),n++}},oe=class t{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,n,i,r){this.type=2,this._$AH=x,this._$AN=void 0,this._$AA=e,this._$AB=n,this._$AM=i,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,n=this._$AM;return n!==void 0&&e?.nodeType===11&&(e=n.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,n=this){e=jt(this,e,n),Le(e)?e===x||e==null||e===""?(this._$AH!==x&&this._$AR(),this._$AH=x):e!==this._$AH&&e!==lt&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):Vs(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==x&&Le(this._$AH)?this._$AA.nextSibling.data=e:this.T(Bt.createTextNode(e)),this._$AH=e}$(e){let{values:n,_$litType$:i}=e,r=typeof i=="number"?this._$AC(e):(i.el===void 0&&(i.el=De.createElement(qs(i.h,i.h[0]),this.options)),i);if(this._$AH?._$AD===r)this._$AH.p(n);else{let s=new Tn(r,this),o=s.u(this.options);s.p(n),this.T(o),this._$AH=s}}_$AC(e){let n=Fs.get(e.strings);return n===void 0&&Fs.set(e.strings,n=new De(e)),n}k(e){Ki(this._$AH)||(this._$AH=[],this._$AR());let n=this._$AH,i,r=0;for(let s of e)r===n.length?n.push(i=new t(this.O(ze()),this.O(ze()),this,this.options)):i=n[r],i._$AI(s),r++;r<n.length&&(this._$AR(i&&i._$AB.nextSibling,r),n.length=r)}_$AR(e=this._$AA.nextSibling,n){for(this._$AP?.(!1,!0,n);e!==this._$AB;){let i=Os(e).nextSibling;Os(e).remove(),e=i}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},Wt=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,n,i,r,s){this.type=1,this._$AH=x,this._$AN=void 0,this.element=e,this.name=n,this._$AM=r,this.options=s,i.length>2||i[0]!==""||i[1]!==""?(this._$AH=Array(i.length-1).fill(new String),this.strings=i):this._$AH=x}_$AI(e,n=this,i,r){let s=this.strings,o=!1;if(s===void 0)e=jt(this,e,n,0),o=!Le(e)||e!==this._$AH&&e!==lt,o&&(this._$AH=e);else{let a=e,l,u;for(e=s[0],l=0;l<s.length-1;l++)u=jt(this,a[i+l],n,l),u===lt&&(u=this._$AH[l]),o||=!Le(u)||u!==this._$AH[l],u===x?e=x:e!==x&&(e+=(u??"")+s[l+1]),this._$AH[l]=u}o&&!r&&this.j(e)}j(e){e===x?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},Rn=class extends Wt{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===x?void 0:e}},Pn=class extends Wt{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==x)}},On=class extends Wt{constructor(e,n,i,r,s){super(e,n,i,r,s),this.type=5}_$AI(e,n=this){if((e=jt(this,e,n,0)??x)===lt)return;let i=this._$AH,r=e===x&&i!==x||e.capture!==i.capture||e.once!==i.once||e.passive!==i.passive,s=e!==x&&(i===x||r);r&&this.element.removeEventListener(this.name,this,i),s&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},Nn=class{constructor(e,n,i){this.element=e,this.type=6,this._$AN=void 0,this._$AM=n,this.options=i}get _$AU(){return this._$AM._$AU}_$AI(e){jt(this,e)}},Bs={M:Wi,P:$t,A:Xi,C:1,L:Us,R:Tn,D:Vs,V:jt,I:oe,H:Wt,N:Pn,U:On,B:Rn,F:Nn},Pu=ji.litHtmlPolyfillSupport;Pu?.(De,oe),(ji.litHtmlVersions??=[]).push("3.3.3");var js=(t,e,n)=>{let i=n?.renderBefore??e,r=i._$litPart$;if(r===void 0){let s=n?.renderBefore??null;i._$litPart$=r=new oe(e.insertBefore(ze(),s),s,void 0,n??{})}return r._$AI(t),r};var Yi=globalThis,L=class extends xt{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let n=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=js(n,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return lt}};L._$litElement$=!0,L.finalized=!0,Yi.litElementHydrateSupport?.({LitElement:L});var Ou=Yi.litElementPolyfillSupport;Ou?.({LitElement:L});(Yi.litElementVersions??=[]).push("4.2.2");var Q=t=>(e,n)=>{n!==void 0?n.addInitializer(()=>{customElements.define(t,e)}):customElements.define(t,e)};var Nu={attribute:!0,type:String,converter:Ne,reflect:!1,hasChanged:An},Iu=(t=Nu,e,n)=>{let{kind:i,metadata:r}=n,s=globalThis.litPropertyMetadata.get(r);if(s===void 0&&globalThis.litPropertyMetadata.set(r,s=new Map),i==="setter"&&((t=Object.create(t)).wrapped=!0),s.set(n.name,t),i==="accessor"){let{name:o}=n;return{set(a){let l=e.get.call(this);e.set.call(this,a),this.requestUpdate(o,l,t,!0,a)},init(a){return a!==void 0&&this.C(o,void 0,t,a),a}}}if(i==="setter"){let{name:o}=n;return function(a){let l=this[o];e.call(this,a),this.requestUpdate(o,l,t,!0,a)}}throw Error("Unsupported decorator location: "+i)};function E(t){return(e,n)=>typeof n=="object"?Iu(t,e,n):((i,r,s)=>{let o=r.hasOwnProperty(s);return r.constructor.createProperty(s,i),o?Object.getOwnPropertyDescriptor(r,s):void 0})(t,e,n)}function z(t){return E({...t,state:!0,attribute:!1})}var ft=class extends Error{constructor(n,i,r=null){super(i);this.status=n;this.body=r;this.name="ApiError"}};function zu(t){return typeof t=="object"&&t!==null&&typeof t.error=="string"}async function Lu(t){let e=null,n="";try{n=await t.text(),e=n?JSON.parse(n):null}catch{e=null}if(!t.ok){if(zu(e))throw new ft(t.status,e.error,e);let i=n&&n.length<200&&!n.trimStart().startsWith("<")?`: ${n.trim()}`:"";throw new ft(t.status,`request failed with HTTP ${t.status}${i}`)}if(e===null)throw new ft(t.status,"the server answered with something that is not JSON");return e}function Fe(t){return t instanceof DOMException&&t.name==="AbortError"}function Ws(t=(e,n)=>fetch(e,n)){async function e(n,i){let r;try{r=await t(n,i)}catch(s){throw Fe(s)?s:new ft(0,`cannot reach TensorBoard (${s instanceof Error?s.message:String(s)})`)}return Lu(r)}return{get:(n,i)=>e(n,{headers:{Accept:"application/json"},...i?{signal:i}:{}}),post:(n,i)=>e(n,{method:"POST",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify(i)})}}function dt(t){return t instanceof ft||t instanceof Error?t.message:String(t)}function Xs(t){return t===null?"":String(t)}function Ve(t){return`${t.column}:${Xs(t.low)}:${Xs(t.high)}`}function Ks(t){if(t==="")return null;let e=Number(t);return Number.isFinite(e)?e:void 0}function Gs(t){let e=t.lastIndexOf(":"),n=e>0?t.lastIndexOf(":",e-1):-1;if(n<=0)return null;let i=Ks(t.slice(n+1,e)),r=Ks(t.slice(e+1));return i===void 0||r===void 0||i!==null&&r!==null&&i>r?null:{column:t.slice(0,n),low:i,high:r}}function zn(t,e){let n=t.findIndex(i=>i.column===e.column);return n>=0?t.map((i,r)=>r===n?e:i):t.length>=20?[...t]:[...t,e]}function Ys(t,e){return t.filter(n=>n.column!==e)}function Qi(t){let e=t.trim();if(e==="")return null;let n=Number(e);return Number.isFinite(n)?n:void 0}function Xt(t,e){let n=new URLSearchParams(e).toString();return n?`${t}?${n}`:t}function Zi(t){let e=[["run",t.run],["tag",t.tag]];return t.step!==null&&e.push(["step",String(t.step)]),t.threshold!==null&&e.push(["threshold",String(t.threshold)]),e.push(["metric",t.metric]),t.x1!==null&&e.push(["x1",t.x1]),t.x2!==null&&e.push(["x2",t.x2]),t.smoothing>0&&e.push(["smoothing",String(t.smoothing)]),e}function Ln(t){let e=Zi(t);t.q!==""&&(e.push(["q",t.q]),t.caseSensitive&&e.push(["case_sensitive","1"]));for(let n of t.ranges)e.push(["range",Ve(n)]);return t.minCount>0&&e.push(["min_count",String(t.minCount)]),t.includeZero&&e.push(["zero_cooccurrence","include"]),t.includeUndefined&&e.push(["undefined","include"]),t.flaggedOnly&&e.push(["flagged_only","1"]),t.showHidden&&e.push(["show_hidden","1"]),e}var Qs=[["zero_cooccurrence","include"],["undefined","include"],["include_identities","1"],["show_hidden","1"]];function Ji(t){let e=[];return t.sort!=="gap"&&e.push(["sort",t.sort]),t.order!=="desc"&&e.push(["order",t.order]),e}function He(t,e,n){return Xt("table",[...Ln(t),...Ji(t),["offset",String(e)],["limit",String(n)]])}function Zs(t){return Xt("distribution",Ln(t))}function Js(t,e,n,i){let r=Ln(t);return r.push(["run2",e.run],["tag2",e.tag]),e.step!==null&&r.push(["step2",String(e.step)]),t.compareSort!=="delta"&&r.push(["sort",t.compareSort]),t.compareOrder!=="abs"&&r.push(["order",t.compareOrder]),r.push(["offset",String(n)],["limit",String(i)]),Xt("compare",r)}function to(t){return Xt("flags",[["tag",t]])}var eo="runs";function no(t){return Xt("csv",[...Ln(t),...Ji(t)])}function io(t){return Xt("csv",[...Zi(t),...Qs,["flagged_only","1"],...Ji(t)])}var Du=6e3;function ro(t,e,n=Du){let i=[...Zi(t),...Qs],r=u=>Xt("table",[...i,...u.map(c=>["label",c]),["limit",String(u.length)]]),s=r([]).length+3,o=[],a=[],l=s;for(let u of e){let c=new URLSearchParams([["label",u]]).toString().length+1;a.length>0&&(a.length>=1e3||l+c>n)&&(o.push(r(a)),a=[],l=s),a.push(u),l+=c}return a.length&&o.push(r(a)),o}function so(t){try{return new RegExp(t),!0}catch{return!1}}var qe=1e3,Ue=class extends Error{constructor(n,i){super(`the filtered result has ${n} labels; narrow it to at most ${i}`);this.total=n;this.cap=i;this.name="TooManyLabels"}};async function tr(t,e,n,i=!1){let r=await t.get(He(e,0,Math.min(qe,n))),s=r.total;if(s>n&&!i)throw new Ue(s,n);let o=Math.min(s,n),a=r.rows.map(c=>c.label),l=[];for(let c=a.length;c<o;c+=qe)l.push(c);let u=await Promise.all(l.map(c=>t.get(He(e,c,Math.min(qe,o-c)))));for(let c of u)a.push(...c.rows.map(h=>h.label));return{labels:a.slice(0,o),total:s}}function er(t){return{tag:t,flagged:[],hidden:[],version:0}}function nr(t,e){let n=t[e.kind],i;if(e.on){let r=new Set(n);i=[...n];for(let s of e.labels)r.has(s)||(r.add(s),i.push(s))}else{let r=new Set(e.labels);i=n.filter(s=>!r.has(s))}return{...t,[e.kind]:i}}function oo(t,e){let n=new Set(t[e.kind]);return e.labels.every(i=>n.has(i)===e.on)}function ir(t){return{flagged:new Set(t.flagged),hidden:new Set(t.hidden)}}async function rr(t,e){return t.get(to(e))}async function ao(t,e,n){let i=r=>{let s=nr(r,n);return t.post("flags",{tag:r.tag,flagged:s.flagged,hidden:s.hidden,version:r.version})};try{return{state:await i(e),rebased:!1}}catch(r){let s=r instanceof ft&&r.status===409?r.body?.current:void 0;if(!s)throw r;try{return{state:await i(s),rebased:!0}}catch(o){throw o instanceof ft&&o.status===409?new ft(409,"flags keep changing elsewhere; reload the page and try again",o.body):o}}}function bt(t,e=3){if(t==null||!Number.isFinite(t))return"—";let n=Math.abs(t);if(n!==0&&(n<10**-e||n>=1e6))return t.toExponential(2);let i=t.toFixed(e);return/^-0\.0*$/.test(i)?i.slice(1):i}function Kt(t,e=3){let n=bt(t,e);return t!=null&&t>0&&n!=="—"?`+${n}`:n}var Fu=new Intl.NumberFormat("en-US",{maximumFractionDigits:0});function U(t){return t==null||!Number.isFinite(t)?"—":Fu.format(t)}function Dn(t){let e=t.indexOf("@");return e<0?t:`${t.slice(0,e)} (${t.slice(e+1)})`}function Be(t){let e=Dn(t.column),{low:n,high:i}=t;return n!==null&&i!==null?`${n} ≤ ${e} ≤ ${i}`:n!==null?`${e} ≥ ${n}`:i!==null?`${e} ≤ ${i}`:`${e}: any defined value`}function St(t,e){return t===null?"":e===null?t:e==="rest"?`${t} vs. the rest`:`${t} vs. ${e}`}function Fn(t,e){if(t===null)return"";let n=t===1?"label":"labels";return e===null?`${U(t)} ${n}`:`${U(t)} of ${U(e)} ${n}`}function sr(t){try{return decodeURIComponent(t)}catch{return t}}function Vn(t){let e=t.startsWith("#")?t.slice(1):t,n={tab:null,entries:[]};for(let i of e.split("&")){if(i==="")continue;let r=i.indexOf("=");r<0?n.tab??=sr(i):n.entries.push([sr(i.slice(0,r)),sr(i.slice(r+1))])}return n}function lo(t){let e=[];t.tab!==null&&t.tab!==""&&e.push(encodeURIComponent(t.tab));for(let[n,i]of t.entries)e.push(`${encodeURIComponent(n)}=${encodeURIComponent(i)}`);return e.length?`#${e.join("&")}`:""}function uo(t,e){let n={};for(let[i,r]of t.entries)i.startsWith(e)&&(n[i.slice(e.length)]=r);return n}function co(t,e,n,i){let r=t.entries.filter(([o])=>!o.startsWith(e)),s=Object.entries(n).map(([o,a])=>[e+o,a]);return{tab:t.tab??i,entries:[...r,...s]}}var bo="npmi_xy",Gt=1e3;function yo(){return{run:null,tag:null,step:null,threshold:null,metric:null,x1:null,x2:null,smoothing:0,q:"",caseSensitive:!1,ranges:[],sort:"gap",order:"desc",minCount:0,includeZero:!1,includeUndefined:!1,flaggedOnly:!1,showHidden:!1,showCounts:!1,selected:[],view:"table",run2:null,tag2:null,step2:null,compareSort:"delta",compareOrder:"abs",plot:"violin"}}var ho=["desc","asc","abs"],Vu=["delta","gap_a","gap_b","label"];function je(t,e,n){return e.includes(t)?t:n}function fo(t){if(t===void 0||!/^-?\d+$/.test(t))return null;let e=Number(t);return Number.isSafeInteger(e)?e:null}function po(t,e){if(t===void 0||t.trim()==="")return e;let n=Number(t);return Number.isFinite(n)&&n>=0?n:e}function mo(t){if(t===void 0)return[];try{let e=JSON.parse(t);return Array.isArray(e)?e.filter(n=>typeof n=="string"):[]}catch{return[]}}function Ot(t){return t===void 0||t===""?null:t}function vo(t){let e=yo(),n=t.threshold===void 0?NaN:Number(t.threshold),i=mo(t.range).map(Gs).filter(r=>r!==null);return{run:Ot(t.run),tag:Ot(t.tag),step:fo(t.step),threshold:Number.isFinite(n)?n:null,metric:Ot(t.metric),x1:Ot(t.x1),x2:Ot(t.x2),smoothing:po(t.smoothing,0),q:t.q??"",caseSensitive:t.cs==="1",ranges:i,sort:Ot(t.sort)??e.sort,order:je(t.order,ho,e.order),minCount:Math.floor(po(t.min_count,0)),includeZero:t.zero==="1",includeUndefined:t.undef==="1",flaggedOnly:t.flagged==="1",showHidden:t.hidden==="1",showCounts:t.counts==="1",selected:[...new Set(mo(t.sel))].slice(0,Gt),view:je(t.view,["table","compare"],e.view),run2:Ot(t.run2),tag2:Ot(t.tag2),step2:fo(t.step2),compareSort:je(t.csort,Vu,e.compareSort),compareOrder:je(t.corder,ho,e.compareOrder),plot:je(t.plot,["violin","histogram"],e.plot)}}function We(t){let e=yo(),n={},i=(s,o,a=null)=>{o!==null&&o!==a&&(n[s]=o)},r=(s,o)=>{o&&(n[s]="1")};return i("run",t.run),i("tag",t.tag),i("step",t.step===null?null:String(t.step)),i("threshold",t.threshold===null?null:String(t.threshold)),i("metric",t.metric,bo),i("x1",t.x1),i("x2",t.x2),i("smoothing",String(t.smoothing),"0"),i("q",t.q,""),r("cs",t.caseSensitive),t.ranges.length&&(n.range=JSON.stringify(t.ranges.map(Ve))),i("sort",t.sort,e.sort),i("order",t.order,e.order),i("min_count",String(t.minCount),"0"),r("zero",t.includeZero),r("undef",t.includeUndefined),r("flagged",t.flaggedOnly),r("hidden",t.showHidden),r("counts",t.showCounts),t.selected.length&&(n.sel=JSON.stringify(t.selected)),i("view",t.view,e.view),i("run2",t.run2),i("tag2",t.tag2),i("step2",t.step2===null?null:String(t.step2)),i("csort",t.compareSort,e.compareSort),i("corder",t.compareOrder,e.compareOrder),i("plot",t.plot,e.plot),n}function Hu(t){let e=t.kind==="counts"?bo:"nPMI";return t.metrics.includes(e)?e:t.metrics[0]??e}function Hn(t,e,n){return t.runs.find(r=>r.run===e)?.tags.find(r=>r.tag===n)??null}function go(t){let e=t.indexOf("@");return e<0?null:t.slice(e+1)}function _o(t){let e=t.indexOf("@");return e<0?t:t.slice(0,e)}function wo(t,e){let n=e.runs.filter(y=>y.tags.length>0);if(n.length===0)return null;let i=n.find(y=>y.run===t.run)??n.find(y=>y.tags.some(v=>v.tag===t.tag))??n[0],r=i.tags.find(y=>y.tag===t.tag)??i.tags[0],s=r.identities,o=r.kind==="counts",a=t.x1!==null&&s.includes(t.x1)?t.x1:s[0]??null,l=t.x2;l!==null&&(l==="rest"&&s.length>=2||l!==a&&s.includes(l))||(l=s.find(y=>y!==a)??null);let c=t.metric!==null&&r.metrics.includes(t.metric)?t.metric:Hu(r),h=go(t.sort),f=t.sort;h!==null&&!s.includes(h)?f="gap":h!==null&&_o(f)!=="count"&&(f=`${c}@${h}`),l===null&&a!==null&&f==="gap"&&(f=`${c}@${a}`);let d=t.ranges.filter(y=>{let v=go(y.column);if(y.column==="gap")return l!==null;if(v===null)return!0;let $=_o(y.column);return s.includes(v)&&($==="count"||r.metrics.includes($))}),m=e.runs.find(y=>y.run===t.run2)?t.run2:null,g=Hn(e,m??i.run,t.tag2??r.tag),p=g&&t.tag2!==null?t.tag2:null,_=g&&t.step2!==null&&g.steps.includes(t.step2)?t.step2:null;return{info:r,state:{...t,run:i.run,tag:r.tag,step:t.step!==null&&r.steps.includes(t.step)?t.step:null,threshold:o&&t.threshold!==null&&r.thresholds.includes(t.threshold)?t.threshold:null,metric:c,x1:a,x2:l,smoothing:o?t.smoothing:0,sort:f,ranges:d,selected:t.selected.slice(0,Gt),run2:m,tag2:p,step2:_}}}function or(t,e){if(t.run2!==null||t.tag2!==null||t.step2!==null)return{run:t.run2??t.run,tag:t.tag2??t.tag,step:t.step2};let n=e.runs.filter(o=>o.tags.some(a=>a.tag===t.tag)).map(o=>o.run);if(n.length>1)return{run:n[(n.indexOf(t.run)+1)%n.length],tag:t.tag,step:null};let i=Hn(e,t.run,t.tag)?.steps??[],r=t.step??i[i.length-1],s=i.filter(o=>r!==void 0&&o<r);return{run:t.run,tag:t.tag,step:s.length?s[s.length-1]:null}}function xo(t,e){if(t.sort!==e)return{sort:e,order:e==="label"?"asc":"desc"};let n=e==="gap"||e.includes("@")&&!e.startsWith("count@"),i=e==="label"?["asc","desc"]:n?["desc","asc","abs"]:["desc","asc"],r=i.indexOf(t.order);return{sort:e,order:i[(r+1)%i.length]}}function $o(t,e){if(t.compareSort!==e)return{compareSort:e,compareOrder:e==="label"?"asc":e==="delta"?"abs":"desc"};let n=e==="label"?["asc","desc"]:["desc","asc","abs"],i=n.indexOf(t.compareOrder);return{compareSort:e,compareOrder:n[(i+1)%n.length]}}function qn(t,e,n){if(!n){let s=new Set(e);return t.filter(o=>!s.has(o))}let i=[...t],r=new Set(t);for(let s of e){if(i.length>=Gt)break;r.has(s)||(r.add(s),i.push(s))}return i}function Un(t){return JSON.stringify([t.run,t.tag,t.step,t.threshold,t.metric,t.x1,t.x2,t.smoothing,t.q,t.caseSensitive,t.ranges.map(Ve),t.minCount,t.includeZero,t.includeUndefined,t.flaggedOnly,t.showHidden])}var ar="tb_bias",So=`p.${ar}.`;function Mo(t){try{let e=t.parent;if(e&&e!==t)return e.location.hash,e}catch{}return t}function Eo(t){let{tab:e}=Vn(t);return e===null||e===ar}function lr(t){return vo(uo(Vn(t.location.hash),So))}function qu(t,e){return lo(co(Vn(t),So,We(e),ar))}function ko(t,e,n){let i=qu(t.location.hash,e),r=t.location.hash==="#"?"":t.location.hash;return i===r?!1:(t.history.replaceState(t.history.state,"",`${t.location.pathname}${t.location.search}${i}`),t.dispatchEvent(n()),!0)}function D(t,e,n){t.dispatchEvent(new CustomEvent(e,{detail:n,bubbles:!0,composed:!0}))}var Z=K`
  :host {
    --fg: #1f1f1f;
    --muted: #5f6368;
    --border: #dadce0;
    --panel: #ffffff;
    --bg: #f5f6f7;
    --accent: #0072b2;
    --focus: #0072b2;
    --danger: #a4262c;
    --hover: #fff4d6;
    --selected: #e8f1f8;
    color: var(--fg);
    font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    box-sizing: border-box;
  }
  * {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--focus);
    outline-offset: 2px;
  }
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  button {
    border: 1px solid var(--border);
    background: #fff;
    border-radius: 4px;
    padding: 3px 8px;
    cursor: pointer;
  }
  button:hover {
    background: #f1f3f4;
  }
  button[disabled] {
    cursor: default;
    opacity: 0.5;
  }
  select,
  input[type="text"],
  input[type="search"],
  input[type="number"] {
    border: 1px solid var(--border);
    border-radius: 4px;
    padding: 3px 6px;
    background: #fff;
    min-width: 0;
  }
  a {
    color: var(--accent);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .error {
    color: var(--danger);
    background: #fdecea;
    border: 1px solid #f5c2c0;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
    overflow-wrap: anywhere;
  }
  .notice {
    background: #fff8e1;
    border: 1px solid #f0d58c;
    border-radius: 4px;
    padding: 6px 8px;
    margin: 6px 0;
  }
  .loading {
    color: var(--muted);
    font-style: italic;
  }
  h2 {
    font-size: 12px;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--muted);
    margin: 0 0 6px;
  }
  .panel {
    background: var(--panel);
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 10px;
  }
`;var It={ATTRIBUTE:1,CHILD:2,PROPERTY:3,BOOLEAN_ATTRIBUTE:4,EVENT:5,ELEMENT:6},Yt=t=>(...e)=>({_$litDirective$:t,values:e}),Nt=class{constructor(e){}get _$AU(){return this._$AM._$AU}_$AT(e,n,i){this._$Ct=e,this._$AM=n,this._$Ci=i}_$AS(e,n){return this.update(e,n)}update(e,n){return this.render(...n)}};var Ao="important",Uu=" !"+Ao,Bn=Yt(class extends Nt{constructor(t){if(super(t),t.type!==It.ATTRIBUTE||t.name!=="style"||t.strings?.length>2)throw Error("The `styleMap` directive must be used in the `style` attribute and must be the only part in the attribute.")}render(t){return Object.keys(t).reduce((e,n)=>{let i=t[n];return i==null?e:e+`${n=n.includes("-")?n:n.replace(/(?:^(webkit|moz|ms|o)|)(?=[A-Z])/g,"-$&").toLowerCase()}:${i};`},"")}update(t,[e]){let{style:n}=t.element;if(this.ft===void 0)return this.ft=new Set(Object.keys(e)),this.render(e);for(let i of this.ft)e[i]==null&&(this.ft.delete(i),i.includes("-")?n.removeProperty(i):n[i]=null);for(let i in e){let r=e[i];if(r!=null){this.ft.add(i);let s=typeof r=="string"&&r.endsWith(Uu);i.includes("-")||s?n.setProperty(i,s?r.slice(0,-11):r,s?Ao:""):n[i]=r}}return lt}});function ae(t,e,n,i){var r=arguments.length,s=r<3?e:i===null?i=Object.getOwnPropertyDescriptor(e,n):i,o;if(typeof Reflect=="object"&&typeof Reflect.decorate=="function")s=Reflect.decorate(t,e,n,i);else for(var a=t.length-1;a>=0;a--)(o=t[a])&&(s=(r<3?o(s):r>3?o(e,n,s):o(e,n))||s);return r>3&&s&&Object.defineProperty(e,n,s),s}var{I:Bu}=Bs,Co=t=>t;var Ro=t=>t.strings===void 0,To=()=>document.createComment(""),le=(t,e,n)=>{let i=t._$AA.parentNode,r=e===void 0?t._$AB:e._$AA;if(n===void 0){let s=i.insertBefore(To(),r),o=i.insertBefore(To(),r);n=new Bu(s,o,t,t.options)}else{let s=n._$AB.nextSibling,o=n._$AM,a=o!==t;if(a){let l;n._$AQ?.(t),n._$AM=t,n._$AP!==void 0&&(l=t._$AU)!==o._$AU&&n._$AP(l)}if(s!==r||a){let l=n._$AA;for(;l!==s;){let u=Co(l).nextSibling;Co(i).insertBefore(l,r),l=u}}}return n},zt=(t,e,n=t)=>(t._$AI(e,n),t),ju={},Po=(t,e=ju)=>t._$AH=e,Oo=t=>t._$AH,jn=t=>{t._$AR(),t._$AA.remove()};var Xe=(t,e)=>{let n=t._$AN;if(n===void 0)return!1;for(let i of n)i._$AO?.(e,!1),Xe(i,e);return!0},Wn=t=>{let e,n;do{if((e=t._$AM)===void 0)break;n=e._$AN,n.delete(t),t=e}while(n?.size===0)},No=t=>{for(let e;e=t._$AM;t=e){let n=e._$AN;if(n===void 0)e._$AN=n=new Set;else if(n.has(t))break;n.add(t),Ku(e)}};function Wu(t){this._$AN!==void 0?(Wn(this),this._$AM=t,No(this)):this._$AM=t}function Xu(t,e=!1,n=0){let i=this._$AH,r=this._$AN;if(r!==void 0&&r.size!==0)if(e)if(Array.isArray(i))for(let s=n;s<i.length;s++)Xe(i[s],!1),Wn(i[s]);else i!=null&&(Xe(i,!1),Wn(i));else Xe(this,t)}var Ku=t=>{t.type==It.CHILD&&(t._$AP??=Xu,t._$AQ??=Wu)},Xn=class extends Nt{constructor(){super(...arguments),this._$AN=void 0}_$AT(e,n,i){super._$AT(e,n,i),No(this),this.isConnected=e._$AU}_$AO(e,n=!0){e!==this.isConnected&&(this.isConnected=e,e?this.reconnected?.():this.disconnected?.()),n&&(Xe(this,e),Wn(this))}setValue(e){if(Ro(this._$Ct))this._$Ct._$AI(e,this);else{let n=[...this._$Ct._$AH];n[this._$Ci]=e,this._$Ct._$AI(n,this,0)}}disconnected(){}reconnected(){}};var Io=(t,e,n)=>{let i=new Map;for(let r=e;r<=n;r++)i.set(t[r],r);return i},zo=Yt(class extends Nt{constructor(t){if(super(t),t.type!==It.CHILD)throw Error("repeat() can only be used in text expressions")}dt(t,e,n){let i;n===void 0?n=e:e!==void 0&&(i=e);let r=[],s=[],o=0;for(let a of t)r[o]=i?i(a,o):o,s[o]=n(a,o),o++;return{values:s,keys:r}}render(t,e,n){return this.dt(t,e,n).values}update(t,[e,n,i]){let r=Oo(t),{values:s,keys:o}=this.dt(e,n,i);if(!Array.isArray(r))return this.ut=o,s;let a=this.ut??=[],l=[],u,c,h=0,f=r.length-1,d=0,m=s.length-1;for(;h<=f&&d<=m;)if(r[h]===null)h++;else if(r[f]===null)f--;else if(a[h]===o[d])l[d]=zt(r[h],s[d]),h++,d++;else if(a[f]===o[m])l[m]=zt(r[f],s[m]),f--,m--;else if(a[h]===o[m])l[m]=zt(r[h],s[m]),le(t,l[m+1],r[h]),h++,m--;else if(a[f]===o[d])l[d]=zt(r[f],s[d]),le(t,r[h],r[f]),f--,d++;else if(u===void 0&&(u=Io(o,d,m),c=Io(a,h,f)),u.has(a[h]))if(u.has(a[f])){let g=c.get(o[d]),p=g!==void 0?r[g]:null;if(p===null){let _=le(t,r[h]);zt(_,s[d]),l[d]=_}else l[d]=zt(p,s[d]),le(t,r[h],p),r[g]=null;d++}else jn(r[f]),f--;else jn(r[h]),h++;for(;d<=m;){let g=le(t,l[m+1]);zt(g,s[d]),l[d++]=g}for(;h<=f;){let g=r[h++];g!==null&&jn(g)}return this.ut=o,Po(t,l),lt}});var ue=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};ue.eventName="rangeChanged";var ce=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};ce.eventName="visibilityChanged";var Ke=class t extends Event{constructor(){super(t.eventName,{bubbles:!1})}};Ke.eventName="unpinned";var ur=class{constructor(e){this._element=null;let n=e??window;this._node=n,e&&(this._element=e)}get element(){return this._element||document.scrollingElement||document.documentElement}get scrollTop(){return this.element.scrollTop||window.scrollY}get scrollLeft(){return this.element.scrollLeft||window.scrollX}get scrollHeight(){return this.element.scrollHeight}get scrollWidth(){return this.element.scrollWidth}get viewportHeight(){return this._element?this._element.getBoundingClientRect().height:window.innerHeight}get viewportWidth(){return this._element?this._element.getBoundingClientRect().width:window.innerWidth}get maxScrollTop(){return this.scrollHeight-this.viewportHeight}get maxScrollLeft(){return this.scrollWidth-this.viewportWidth}},Kn=class extends ur{constructor(e,n){super(n),this._clients=new Set,this._retarget=null,this._end=null,this.__destination=null,this.correctingScrollError=!1,this._checkForArrival=this._checkForArrival.bind(this),this._updateManagedScrollTo=this._updateManagedScrollTo.bind(this),this.scrollTo=this.scrollTo.bind(this),this.scrollBy=this.scrollBy.bind(this);let i=this._node;this._originalScrollTo=i.scrollTo,this._originalScrollBy=i.scrollBy,this._originalScroll=i.scroll,this._attach(e)}get _destination(){return this.__destination}get scrolling(){return this._destination!==null}scrollTo(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;this._scrollTo(i)}scrollBy(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;i.top!==void 0&&(i.top+=this.scrollTop),i.left!==void 0&&(i.left+=this.scrollLeft),this._scrollTo(i)}_nativeScrollTo(e){this._originalScrollTo.bind(this._element||window)(e)}_scrollTo(e,n=null,i=null){this._end!==null&&this._end(),e.behavior==="smooth"?(this._setDestination(e),this._retarget=n,this._end=i):this._resetScrollState(),this._nativeScrollTo(e)}_setDestination(e){let{top:n,left:i}=e;return n=n===void 0?void 0:Math.max(0,Math.min(n,this.maxScrollTop)),i=i===void 0?void 0:Math.max(0,Math.min(i,this.maxScrollLeft)),this._destination!==null&&i===this._destination.left&&n===this._destination.top?!1:(this.__destination={top:n,left:i,behavior:"smooth"},!0)}_resetScrollState(){this.__destination=null,this._retarget=null,this._end=null}_updateManagedScrollTo(e){this._destination&&this._setDestination(e)&&this._nativeScrollTo(this._destination)}managedScrollTo(e,n,i){return this._scrollTo(e,n,i),this._updateManagedScrollTo}correctScrollError(e){this.correctingScrollError=!0,requestAnimationFrame(()=>requestAnimationFrame(()=>this.correctingScrollError=!1)),this._nativeScrollTo(e),this._retarget&&this._setDestination(this._retarget()),this._destination&&this._nativeScrollTo(this._destination)}_checkForArrival(){if(this._destination!==null){let{scrollTop:e,scrollLeft:n}=this,{top:i,left:r}=this._destination;i=Math.min(i||0,this.maxScrollTop),r=Math.min(r||0,this.maxScrollLeft);let s=Math.abs(i-e),o=Math.abs(r-n);s<1&&o<1&&(this._end&&this._end(),this._resetScrollState())}}detach(e){return this._clients.delete(e),this._clients.size===0&&(this._node.scrollTo=this._originalScrollTo,this._node.scrollBy=this._originalScrollBy,this._node.scroll=this._originalScroll,this._node.removeEventListener("scroll",this._checkForArrival)),null}_attach(e){this._clients.add(e),this._clients.size===1&&(this._node.scrollTo=this.scrollTo,this._node.scrollBy=this.scrollBy,this._node.scroll=this.scrollTo,this._node.addEventListener("scroll",this._checkForArrival))}};var Ho=typeof window<"u"?window.ResizeObserver:void 0;var Ye=Symbol("virtualizerRef"),Qn="virtualizer-sizer",qo,Jn=class{constructor(e){if(this._benchmarkStart=null,this._layout=null,this._clippingAncestors=[],this._scrollSize=null,this._scrollError=null,this._childrenPos=null,this._childMeasurements=null,this._toBeMeasured=new Map,this._rangeChanged=!0,this._itemsChanged=!0,this._visibilityChanged=!0,this._scrollerController=null,this._isScroller=!1,this._sizer=null,this._hostElementRO=null,this._childrenRO=null,this._mutationObserver=null,this._scrollEventListeners=[],this._scrollEventListenerOptions={passive:!0},this._loadListener=this._childLoaded.bind(this),this._scrollIntoViewTarget=null,this._updateScrollIntoViewCoordinates=null,this._items=[],this._first=-1,this._last=-1,this._firstVisible=-1,this._lastVisible=-1,this._scheduled=new WeakSet,this._measureCallback=null,this._measureChildOverride=null,this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null,this._layoutInitialized=null,this._connected=!1,!e)throw new Error("Virtualizer constructor requires a configuration object");if(e.hostElement)this._init(e);else throw new Error('Virtualizer configuration requires the "hostElement" property')}set items(e){Array.isArray(e)&&e!==this._items&&(this._itemsChanged=!0,this._items=e,this._schedule(this._updateLayout))}_init(e){this._isScroller=!!e.scroller,this._initHostElement(e);let n=e.layout||{};this._layoutInitialized=this._initLayout(n)}_initObservers(){this._mutationObserver=new MutationObserver(this._finishDOMUpdate.bind(this)),this._hostElementRO=new Ho(()=>this._hostElementSizeChanged()),this._childrenRO=new Ho(this._childrenSizeChanged.bind(this))}_initHostElement(e){let n=this._hostElement=e.hostElement;this._applyVirtualizerStyles(),n[Ye]=this}connected(){this._initObservers();let e=this._isScroller;this._clippingAncestors=tc(this._hostElement,e),this._scrollerController=new Kn(this,this._clippingAncestors[0]),this._schedule(this._updateLayout),this._observeAndListen(),this._connected=!0}_observeAndListen(){this._mutationObserver.observe(this._hostElement,{childList:!0}),this._hostElementRO.observe(this._hostElement),this._scrollEventListeners.push(window),window.addEventListener("scroll",this,this._scrollEventListenerOptions),this._clippingAncestors.forEach(e=>{e.addEventListener("scroll",this,this._scrollEventListenerOptions),this._scrollEventListeners.push(e),this._hostElementRO.observe(e)}),this._hostElementRO.observe(this._scrollerController.element),this._children.forEach(e=>this._childrenRO.observe(e)),this._scrollEventListeners.forEach(e=>e.addEventListener("scroll",this,this._scrollEventListenerOptions))}disconnected(){this._scrollEventListeners.forEach(e=>e.removeEventListener("scroll",this,this._scrollEventListenerOptions)),this._scrollEventListeners=[],this._clippingAncestors=[],this._scrollerController?.detach(this),this._scrollerController=null,this._mutationObserver?.disconnect(),this._mutationObserver=null,this._hostElementRO?.disconnect(),this._hostElementRO=null,this._childrenRO?.disconnect(),this._childrenRO=null,this._rejectLayoutCompletePromise("disconnected"),this._connected=!1}_applyVirtualizerStyles(){let n=this._hostElement.style;n.display=n.display||"block",n.position=n.position||"relative",n.contain=n.contain||"size layout",this._isScroller&&(n.overflow=n.overflow||"auto",n.minHeight=n.minHeight||"150px")}_getSizer(){let e=this._hostElement;if(!this._sizer){let n=e.querySelector(`[${Qn}]`);n||(n=document.createElement("div"),n.setAttribute(Qn,""),e.appendChild(n)),Object.assign(n.style,{position:"absolute",margin:"-2px 0 0 0",padding:0,visibility:"hidden",fontSize:"2px"}),n.textContent="&nbsp;",n.setAttribute(Qn,""),this._sizer=n}return this._sizer}async updateLayoutConfig(e){await this._layoutInitialized;let n=e.type||qo;if(typeof n=="function"&&this._layout instanceof n){let i={...e};return delete i.type,this._layout.config=i,!0}return!1}async _initLayout(e){let n,i;if(typeof e.type=="function"){i=e.type;let r={...e};delete r.type,n=r}else n=e;i===void 0&&(qo=i=(await Promise.resolve().then(()=>(Yn(),Vo))).FlowLayout),this._layout=new i(r=>this._handleLayoutMessage(r),n),this._layout.measureChildren&&typeof this._layout.updateItemSizes=="function"&&(typeof this._layout.measureChildren=="function"&&(this._measureChildOverride=this._layout.measureChildren),this._measureCallback=this._layout.updateItemSizes.bind(this._layout)),this._layout.listenForChildLoadEvents&&this._hostElement.addEventListener("load",this._loadListener,!0),this._schedule(this._updateLayout)}startBenchmarking(){this._benchmarkStart===null&&(this._benchmarkStart=window.performance.now())}stopBenchmarking(){if(this._benchmarkStart!==null){let e=window.performance.now(),n=e-this._benchmarkStart,r=performance.getEntriesByName("uv-virtualizing","measure").filter(s=>s.startTime>=this._benchmarkStart&&s.startTime<e).reduce((s,o)=>s+o.duration,0);return this._benchmarkStart=null,{timeElapsed:n,virtualizationTime:r}}return null}_measureChildren(){let e={},n=this._children,i=this._measureChildOverride||this._measureChild;for(let r=0;r<n.length;r++){let s=n[r],o=this._first+r;(this._itemsChanged||this._toBeMeasured.has(s))&&(e[o]=i.call(this,s,this._items[o]))}this._childMeasurements=e,this._schedule(this._updateLayout),this._toBeMeasured.clear()}_measureChild(e){let{width:n,height:i}=e.getBoundingClientRect();return Object.assign({width:n,height:i},Zu(e))}async _schedule(e){this._scheduled.has(e)||(this._scheduled.add(e),await Promise.resolve(),this._scheduled.delete(e),e.call(this))}async _updateDOM(e){this._scrollSize=e.scrollSize,this._adjustRange(e.range),this._childrenPos=e.childPositions,this._scrollError=e.scrollError||null;let{_rangeChanged:n,_itemsChanged:i}=this;this._visibilityChanged&&(this._notifyVisibility(),this._visibilityChanged=!1),(n||i)&&(this._notifyRange(),this._rangeChanged=!1),this._finishDOMUpdate()}_finishDOMUpdate(){this._connected&&(this._children.forEach(e=>this._childrenRO.observe(e)),this._checkScrollIntoViewTarget(this._childrenPos),this._positionChildren(this._childrenPos),this._sizeHostElement(this._scrollSize),this._correctScrollError(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_updateLayout(){this._layout&&this._connected&&(this._layout.items=this._items,this._updateView(),this._childMeasurements!==null&&(this._measureCallback&&this._measureCallback(this._childMeasurements),this._childMeasurements=null),this._layout.reflowIfNeeded(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_handleScrollEvent(){if(this._benchmarkStart&&"mark"in window.performance){try{window.performance.measure("uv-virtualizing","uv-start","uv-end")}catch(e){console.warn("Error measuring performance data: ",e)}window.performance.mark("uv-start")}this._scrollerController.correctingScrollError===!1&&this._layout?.unpin(),this._schedule(this._updateLayout)}handleEvent(e){e.type==="scroll"?(e.currentTarget===window||this._clippingAncestors.includes(e.currentTarget))&&this._handleScrollEvent():console.warn("event not handled",e)}_handleLayoutMessage(e){e.type==="stateChanged"?this._updateDOM(e):e.type==="visibilityChanged"?(this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._notifyVisibility()):e.type==="unpinned"&&this._hostElement.dispatchEvent(new Ke)}get _children(){let e=[],n=this._hostElement.firstElementChild;for(;n;)n.hasAttribute(Qn)||e.push(n),n=n.nextElementSibling;return e}_updateView(){let e=this._hostElement,n=this._scrollerController?.element,i=this._layout;if(e&&n&&i){let r,s,o,a,l=e.getBoundingClientRect();r=0,s=0,o=window.innerHeight,a=window.innerWidth;let u=this._clippingAncestors.map(_=>_.getBoundingClientRect());u.unshift(l);for(let _ of u)r=Math.max(r,_.top),s=Math.max(s,_.left),o=Math.min(o,_.bottom),a=Math.min(a,_.right);let c=n.getBoundingClientRect(),h={left:l.left-c.left,top:l.top-c.top},f={width:n.scrollWidth,height:n.scrollHeight},d=r-l.top+e.scrollTop,m=s-l.left+e.scrollLeft,g=Math.max(0,o-r),p=Math.max(0,a-s);i.viewportSize={width:p,height:g},i.viewportScroll={top:d,left:m},i.totalScrollSize=f,i.offsetWithinScroller=h}}_sizeHostElement(e){let i=e&&e.width!==null?Math.min(82e5,e.width):0,r=e&&e.height!==null?Math.min(82e5,e.height):0;if(this._isScroller)this._getSizer().style.transform=`translate(${i}px, ${r}px)`;else{let s=this._hostElement.style;s.minWidth=i?`${i}px`:"100%",s.minHeight=r?`${r}px`:"100%"}}_positionChildren(e){e&&e.forEach(({top:n,left:i,width:r,height:s,xOffset:o,yOffset:a},l)=>{let u=this._children[l-this._first];u&&(u.style.position="absolute",u.style.boxSizing="border-box",u.style.transform=`translate(${i}px, ${n}px)`,r!==void 0&&(u.style.width=r+"px"),s!==void 0&&(u.style.height=s+"px"),u.style.left=o===void 0?null:o+"px",u.style.top=a===void 0?null:a+"px")})}async _adjustRange(e){let{_first:n,_last:i,_firstVisible:r,_lastVisible:s}=this;this._first=e.first,this._last=e.last,this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._rangeChanged=this._rangeChanged||this._first!==n||this._last!==i,this._visibilityChanged=this._visibilityChanged||this._firstVisible!==r||this._lastVisible!==s}_correctScrollError(){if(this._scrollError){let{scrollTop:e,scrollLeft:n}=this._scrollerController,{top:i,left:r}=this._scrollError;this._scrollError=null,this._scrollerController.correctScrollError({top:e-i,left:n-r})}}element(e){return e===1/0&&(e=this._items.length-1),this._items?.[e]===void 0?void 0:{scrollIntoView:(n={})=>this._scrollElementIntoView({...n,index:e})}}_scrollElementIntoView(e){if(e.index>=this._first&&e.index<=this._last)this._children[e.index-this._first].scrollIntoView(e);else if(e.index=Math.min(e.index,this._items.length-1),e.behavior==="smooth"){let n=this._layout.getScrollIntoViewCoordinates(e),{behavior:i}=e;this._updateScrollIntoViewCoordinates=this._scrollerController.managedScrollTo(Object.assign(n,{behavior:i}),()=>this._layout.getScrollIntoViewCoordinates(e),()=>this._scrollIntoViewTarget=null),this._scrollIntoViewTarget=e}else this._layout.pin=e}_checkScrollIntoViewTarget(e){let{index:n}=this._scrollIntoViewTarget||{};n&&e?.has(n)&&this._updateScrollIntoViewCoordinates(this._layout.getScrollIntoViewCoordinates(this._scrollIntoViewTarget))}_notifyRange(){this._hostElement.dispatchEvent(new ue({first:this._first,last:this._last}))}_notifyVisibility(){this._hostElement.dispatchEvent(new ce({first:this._firstVisible,last:this._lastVisible}))}get layoutComplete(){return this._layoutCompletePromise||(this._layoutCompletePromise=new Promise((e,n)=>{this._layoutCompleteResolver=e,this._layoutCompleteRejecter=n})),this._layoutCompletePromise}_rejectLayoutCompletePromise(e){this._layoutCompleteRejecter!==null&&this._layoutCompleteRejecter(e),this._resetLayoutCompleteState()}_scheduleLayoutComplete(){this._layoutCompletePromise&&this._pendingLayoutComplete===null&&(this._pendingLayoutComplete=requestAnimationFrame(()=>requestAnimationFrame(()=>this._resolveLayoutCompletePromise())))}_resolveLayoutCompletePromise(){this._layoutCompleteResolver!==null&&this._layoutCompleteResolver(),this._resetLayoutCompleteState()}_resetLayoutCompleteState(){this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null}_hostElementSizeChanged(){this._schedule(this._updateLayout)}_childLoaded(){}_childrenSizeChanged(e){if(this._layout?.measureChildren){for(let n of e)this._toBeMeasured.set(n.target,n.contentRect);this._measureChildren()}this._scheduleLayoutComplete(),this._itemsChanged=!1,this._rangeChanged=!1}};function Zu(t){let e=window.getComputedStyle(t);return{marginTop:Zn(e.marginTop),marginRight:Zn(e.marginRight),marginBottom:Zn(e.marginBottom),marginLeft:Zn(e.marginLeft)}}function Zn(t){let e=t?parseFloat(t):NaN;return Number.isNaN(e)?0:e}function Uo(t){if(t.assignedSlot!==null)return t.assignedSlot;if(t.parentElement!==null)return t.parentElement;let e=t.parentNode;return e&&e.nodeType===Node.DOCUMENT_FRAGMENT_NODE&&e.host||null}function Ju(t,e=!1){let n=[],i=e?t:Uo(t);for(;i!==null;)n.push(i),i=Uo(i);return n}function tc(t,e=!1){let n=!1;return Ju(t,e).filter(i=>{if(n)return!1;let r=getComputedStyle(i);return n=r.position==="fixed",r.overflow!=="visible"})}var pr=t=>t,mr=(t,e)=>b`${e}: ${JSON.stringify(t,null,2)}`,dr=class extends Xn{constructor(e){if(super(e),this._virtualizer=null,this._first=0,this._last=-1,this._renderItem=(n,i)=>mr(n,i+this._first),this._keyFunction=(n,i)=>pr(n,i+this._first),this._items=[],e.type!==It.CHILD)throw new Error("The virtualize directive can only be used in child expressions")}render(e){e&&this._setFunctions(e);let n=[];if(this._first>=0&&this._last>=this._first)for(let i=this._first;i<=this._last;i++)n.push(this._items[i]);return zo(n,this._keyFunction,this._renderItem)}update(e,[n]){this._setFunctions(n);let i=this._items!==n.items;return this._items=n.items||[],this._virtualizer?this._updateVirtualizerConfig(e,n):this._initialize(e,n),i?lt:this.render()}async _updateVirtualizerConfig(e,n){if(!await this._virtualizer.updateLayoutConfig(n.layout||{})){let r=e.parentNode;this._makeVirtualizer(r,n)}this._virtualizer.items=this._items}_setFunctions(e){let{renderItem:n,keyFunction:i}=e;n&&(this._renderItem=(r,s)=>n(r,s+this._first)),i&&(this._keyFunction=(r,s)=>i(r,s+this._first))}_makeVirtualizer(e,n){this._virtualizer&&this._virtualizer.disconnected();let{layout:i,scroller:r,items:s}=n;this._virtualizer=new Jn({hostElement:e,layout:i,scroller:r}),this._virtualizer.items=s,this._virtualizer.connected()}_initialize(e,n){let i=e.parentNode;i&&i.nodeType===1&&(i.addEventListener("rangeChanged",r=>{this._first=r.first,this._last=r.last,this.setValue(this.render())}),this._makeVirtualizer(i,n))}disconnected(){this._virtualizer?.disconnected()}reconnected(){this._virtualizer?.connected()}},Bo=Yt(dr);var Mt=class extends L{constructor(){super(...arguments),this.items=[],this.renderItem=mr,this.keyFunction=pr,this.layout={},this.scroller=!1}createRenderRoot(){return this}render(){let{items:e,renderItem:n,keyFunction:i,layout:r,scroller:s}=this;return b`${Bo({items:e,renderItem:n,keyFunction:i,layout:r,scroller:s})}`}element(e){return this[Ye]?.element(e)}get layoutComplete(){return this[Ye]?.layoutComplete}scrollToIndex(e,n="start"){this.element(e)?.scrollIntoView({block:n})}};ae([E({attribute:!1})],Mt.prototype,"items",void 0);ae([E()],Mt.prototype,"renderItem",void 0);ae([E()],Mt.prototype,"keyFunction",void 0);ae([E({attribute:!1})],Mt.prototype,"layout",void 0);ae([E({reflect:!0,type:Boolean})],Mt.prototype,"scroller",void 0);customElements.define("lit-virtualizer",Mt);Yn();function ti(t,e){if(t===null||!Number.isFinite(t))return null;let n=Math.min(e[0],e[1]),i=Math.max(e[0],e[1]);if(!(i>n))return null;let r=l=>(Math.min(i,Math.max(n,l))-n)/(i-n)*100,s=n<=0&&i>=0?0:n,o=r(s),a=r(t);return{left:Math.min(o,a),width:Math.abs(a-o),negative:t<s}}function gr(t){return String(Math.round(t*1e4)/1e4)}function _r(t,e,n){let i=ti(0,e),r=i?[`--o:${gr(i.left/100)}`]:[],s=ti(t,e);if(s&&s.width>0){let o=s.width/100,a=o>=1?0:s.left/100/(1-o);r.push(`--p:${gr(a)}`,`--w:${gr(o)}`,`--c:${n}`)}return r.join(";")}var jo=["#0072B2","#D55E00","#009E73","#CC79A7","#E69F00","#56B4E9","#F0E442","#000000"],Qe="#767676";function Et(t,e){if(e===null||e==="rest")return Qe;let n=t.indexOf(e);return n<0?Qe:jo[n%jo.length]}function ec(t){let e=n=>{let i=parseInt(t.slice(n,n+2),16)/255;return i<=.03928?i/12.92:((i+.055)/1.055)**2.4};return .2126*e(1)+.7152*e(3)+.0722*e(5)}function nc(t){return 1.05/(ec(t)+.05)}function ic(t){let e=[1,3,5].map(n=>parseInt(t.slice(n,n+2),16));for(let n=1;n>0;n-=.02){let i="#"+e.map(r=>Math.round(r*n).toString(16).padStart(2,"0")).join("");if(nc(i)>=4.5)return i}return"#000000"}function ei(t,e){return ic(Et(t,e))}function Qt(t,e,n,i){return i===null||i===0?Qe:i>0?Et(t,e):Et(t,n)}var ni=ut`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M2.2 1.5h1.6v13H2.2zM3.8 2.2h8.4l-2 3 2 3H3.8z" fill="currentColor"/></svg>`,Wo=ut`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"
  ><path d="M1.5 8s2.4-4.2 6.5-4.2S14.5 8 14.5 8s-2.4 4.2-6.5 4.2S1.5 8 1.5 8zM8 6.6a1.4 1.4 0 1 0 0 2.8a1.4 1.4 0 1 0 0-2.8zM2.5 13.5l11-11"
    fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>`;function br(t,e){let n=null,i=null,r=()=>{n=null;let o=i;i=null,o&&t(...o)},s=(...o)=>{i=o,n!==null&&clearTimeout(n),n=setTimeout(r,e)};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=null},s.flush=()=>{n!==null&&clearTimeout(n),r()},s}function Xo(t,e){let n=null,i=!1,r=()=>{i?(i=!1,t(),n=setTimeout(r,e)):n=null},s=()=>{n===null?(t(),n=setTimeout(r,e)):i=!0};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=!1},s.flush=()=>{i&&(i=!1,t())},s}function rc(t,e){let n=[];for(let i of t){let r=n[n.length-1];r&&i===r[r.length-1]+1&&r.length<e?r.push(i):n.push([i])}return n}var Ze=class{constructor(e=100,n=200,i){this.total=null;this.error=null;this.pages=new Map;this.loading=new Set;this.abort=new AbortController;if(!(e>=1)||!(n>=1))throw new RangeError("pageSize and maxPages must be positive");this.pageSize=e,this.maxPages=n,this.fallback=i?new Map(i.pages):new Map,i&&(this.total=i.total)}pageOf(e){return Math.floor(e/this.pageSize)}get(e){let n=this.pageOf(e);return(this.pages.get(n)??this.fallback.get(n))?.[e-n*this.pageSize]}isStale(e){let n=this.pageOf(e);return!this.pages.has(n)&&this.fallback.has(n)}has(e){return this.pages.has(e)}get busy(){return this.loading.size>0}missing(e,n){let i=this.total===null?n:Math.min(n,this.total-1),r=[];for(let s=this.pageOf(Math.max(0,e));s<=this.pageOf(Math.max(0,i));s++)!this.pages.has(s)&&!this.loading.has(s)&&r.push(s);return r}async load(e,n,i,r){let s=this.missing(e,n);this.touch(e,n),await Promise.all(rc(s,Math.max(1,Math.floor(1e3/this.pageSize))).map(async o=>{for(let l of o)this.loading.add(l);let a=o[0];try{let l=await i(a*this.pageSize,o.length*this.pageSize,this.abort.signal);if(this.abort.signal.aborted)return;o.forEach((u,c)=>this.store(u,l.rows.slice(c*this.pageSize,(c+1)*this.pageSize),l.total,e,n)),this.error=null}catch(l){if(this.abort.signal.aborted)return;this.error=l}finally{for(let l of o)this.loading.delete(l)}r()}))}store(e,n,i,r=0,s=0){this.pages.set(e,n),this.total=i,this.evict(r,s)}dispose(){this.abort.abort()}get loadedPages(){return[...this.pages.keys()]}touch(e,n){for(let i=this.pageOf(Math.max(0,e));i<=this.pageOf(Math.max(0,n));i++){let r=this.pages.get(i);r&&(this.pages.delete(i),this.pages.set(i,r))}}evict(e,n){let i=this.pageOf(Math.max(0,e)),r=this.pageOf(Math.max(0,n));for(let s of this.pages.keys()){if(this.pages.size<=this.maxPages)break;(s<i||s>r)&&this.pages.delete(s)}}};var Ko=[],fe=class{constructor(e,n=100,i=60){this.host=e;this.pageSize=n;this.initialRows=i;this.items=Ko;this.key=null;this.fetcher=null;this.window=[0,0];this.loadWindow=Xo(()=>this.loadNow(),40);this.cache=new Ze(n),e.addController(this)}hostDisconnected(){this.loadWindow.cancel(),this.cache.dispose()}setQuery(e,n,i){if(e===this.key)return!1;this.key=e,this.fetcher=n;let r=this.cache;return r.dispose(),this.cache=new Ze(this.pageSize,200,i.keepRows?r:void 0),i.keepRows||(this.items=Ko),(i.fromTop||!i.keepRows)&&(this.window=[0,this.initialRows]),this.loadNow(),!0}onRange(e,n){this.window=[e,n],this.cache.missing(e,n).length>0&&this.loadWindow()}get total(){return this.failedEmpty?null:this.cache.total}get failedEmpty(){return this.cache.error!==null&&this.cache.loadedPages.length===0}retry(){this.cache.error=null,this.loadNow()}get loading(){return this.cache.busy}loadNow(){let e=this.fetcher;if(!e)return;let n=this.cache;n.load(this.window[0],this.window[1],e,()=>{if(n!==this.cache)return;let i=this.failedEmpty?0:n.total??0;this.items.length!==i&&(this.items=Array.from({length:i},(r,s)=>s)),this.host.requestUpdate()}),this.host.requestUpdate()}};var sc=fr(),oc="minmax(9rem, 2fr) repeat(3, minmax(7rem, 1fr)) repeat(2, minmax(4.5rem, 0.7fr)) 2.5rem",pt=class extends L{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.gapDomain=[-2,2];this.meta=null;this.rows=new fe(this)}willUpdate(n){if(n.has("state")||n.has("api")||n.has("runs")){let i=this.state,r=or(i,this.runs),s=JSON.stringify([Un(i),r,i.compareSort,i.compareOrder]);if(this.rows.setQuery(s,async(a,l,u)=>{let c=await this.api.get(Js(i,r,a,l),u);return u.aborted||(this.meta=c),{rows:c.rows,total:c.total}},{keepRows:!1,fromTop:!0})){this.meta=null;let a=this.renderRoot.querySelector("lit-virtualizer");a&&(a.scrollTop=0)}}}change(n){D(this,"state-change",n)}bar(n,i){let r=ti(n,this.gapDomain);return b`<div class="bar" aria-hidden="true">
      ${r?b`<div class="fill" style=${Bn({left:`${r.left}%`,width:`${r.width}%`,background:i})}></div>`:x}
    </div>`}renderRow(n){let i=this.rows.cache.get(n);if(!i)return b`<div class="row" role="row" aria-rowindex=${n+2} data-testid="compare-row-placeholder">
        <div role="cell" class="cell" style="color:var(--muted)">Loading\u2026</div>
      </div>`;let r=this.state,s=this.info.identities,o=this.flags.flagged.has(i.label),a=(l,u)=>b`<div role="cell" class="cell valuecell" data-testid=${u}>
        ${this.bar(l,Qt(s,r.x1,r.x2,l))}<span class="num">${Kt(l)}</span>
      </div>`;return b`<div
      class="row data ${this.rows.cache.isStale(n)?"stale":""}"
      role="row"
      aria-rowindex=${n+2}
      data-testid="compare-row"
      data-label=${i.label}
    >
      <div role="cell" class="cell" title=${i.label}>${i.label}</div>
      ${a(i.gap_a,"cell-gap-a")} ${a(i.gap_b,"cell-gap-b")} ${a(i.delta,"cell-delta")}
      <div role="cell" class="cell num">${U(i.count_a)}</div>
      <div role="cell" class="cell num">${U(i.count_b)}</div>
      <div role="cell" class="cell flag">${o?b`<span role="img" aria-label="flagged" title="flagged">${ni}</span>`:x}</div>
    </div>`}header(n,i){let r=this.state,s=[{id:"label",title:"Label",sortable:!0},{id:"gap_a",title:`Gap A (${n})`,sortable:!0},{id:"gap_b",title:`Gap B (${i})`,sortable:!0},{id:"delta",title:"Δ = B − A",sortable:!0},{id:"count_a",title:"Count A",sortable:!1},{id:"count_b",title:"Count B",sortable:!1}];return b`<div class="row header" role="row" aria-rowindex="1">
      ${s.map(o=>{if(!o.sortable)return b`<div role="columnheader" class="cell num">${o.title}</div>`;let a=o.id,l=r.compareSort===a,u=l?r.compareOrder==="asc"?"ascending":r.compareOrder==="desc"?"descending":"other":"none",c=l?r.compareOrder==="asc"?" ▲":r.compareOrder==="desc"?" ▼":" |▼|":"";return b`<div role="columnheader" class="cell" aria-sort=${u}>
          <button
            type="button"
            data-testid=${`compare-sort-header-${a}`}
            title=${o.title}
            @click=${()=>this.change($o(r,a))}
          >
            ${o.title}<span aria-hidden="true">${c}</span>
          </button>
        </div>`})}
      <div role="columnheader" class="cell"><span class="visually-hidden">Flagged</span></div>
    </div>`}render(){let n=this.state,i=this.runs.runs.filter(g=>g.tags.length>0),r=or(n,this.runs),s=r.run,o=r.tag,a=Hn(this.runs,s,o),l=i.find(g=>g.run===s)?.tags??[],u=this.rows.cache,c=u.total,h=this.meta,f=n.step===null?"latest":`step ${n.step}`,d=r.step===null?"latest":`step ${r.step}`,m=a?.steps[a.steps.length-1];return b`
      <div class="pickers" role="group" aria-label="Table B">
        <span>A: <strong>${n.run}</strong> / ${n.tag}, ${f} (set in the controls)</span>
        <label
          >B run
          <select
            data-testid="compare-run-select"
            @change=${g=>this.change({run2:g.target.value,tag2:o,step2:null})}
          >
            ${i.map(g=>b`<option .value=${g.run} .selected=${g.run===s}>${g.run}</option>`)}
          </select>
        </label>
        <label
          >table
          <select
            data-testid="compare-tag-select"
            @change=${g=>this.change({run2:s,tag2:g.target.value,step2:null})}
          >
            ${l.map(g=>b`<option .value=${g.tag} .selected=${g.tag===o}>${g.tag}</option>`)}
          </select>
        </label>
        <label
          >step
          <select
            data-testid="compare-step-select"
            @change=${g=>{let p=g.target.value;this.change({run2:s,tag2:o,step2:p===""?null:Number(p)})}}
          >
            <option value="" .selected=${r.step===null}>latest${m===void 0?"":` (${m})`}</option>
            ${(a?.steps??[]).map(g=>b`<option .value=${String(g)} .selected=${g===r.step}>${g}</option>`)}
          </select>
        </label>
      </div>
      <div class="summary" data-testid="compare-summary" aria-live="polite">
        Gap ${n.metric}, ${St(n.x1,n.x2)}.
        ${c!==null?b`${Fn(c,null)} in both`:x}
        ${h?b` \u00b7 ${U(h.only_in_a)} only in A \u00b7 ${U(h.only_in_b)} only in B`:x}
        ${h?b` \u00b7 A = ${h.a.run} step ${h.a.step}, B = ${h.b.run} step ${h.b.step}`:x}
      </div>
      ${u.error?b`<div class="error" role="alert" data-testid="error-message">
            ${dt(u.error)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:x}
      <div
        class="table"
        role="table"
        aria-label="Gap changes between table A and table B"
        aria-rowcount=${(c??0)+1}
        aria-busy=${this.rows.loading}
        data-testid="compare-table"
        data-total=${c??""}
        data-loading=${this.rows.loading}
      >
        ${this.header(h?`${h.a.run}@${h.a.step}`:f,h?`${h.b.run}@${h.b.step}`:d)}
        ${c===null&&this.rows.loading?b`<div class="empty loading" data-testid="loading">Loading\u2026</div>`:x}
        ${c===0?b`<div class="empty" data-testid="compare-empty">No labels match the current filters in both tables.</div>`:x}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${sc}
          .items=${this.rows.items}
          .renderItem=${g=>this.renderRow(g)}
          @rangeChanged=${g=>this.rows.onRange(g.first,g.last)}
        ></lit-virtualizer>
      </div>
    `}};pt.styles=[Z,K`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 8px 16px;
        align-items: center;
        margin-bottom: 6px;
      }
      .pickers label {
        display: inline-flex;
        gap: 6px;
        align-items: center;
        color: var(--muted);
      }
      .summary {
        color: var(--muted);
        margin-bottom: 6px;
      }
      .table {
        display: flex;
        flex-direction: column;
        flex: 1;
        min-height: 240px;
        border: 1px solid var(--border);
        border-radius: 6px;
        background: #fff;
        overflow: hidden;
      }
      .row {
        display: grid;
        grid-template-columns: ${En(oc)};
        align-items: center;
        width: 100%;
        height: 30px;
        border-bottom: 1px solid #eef0f2;
      }
      .header {
        background: #f8f9fa;
        border-bottom: 1px solid var(--border);
        font-weight: 600;
        min-height: 34px;
        height: auto;
      }
      .header button {
        border: none;
        background: transparent;
        font-weight: 600;
        padding: 2px 4px;
        width: 100%;
        text-align: left;
      }
      .cell {
        padding: 0 6px;
        min-width: 0;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      .valuecell {
        display: grid;
        grid-template-columns: 1fr 3.6rem;
        gap: 4px;
        align-items: center;
      }
      .bar {
        position: relative;
        height: 10px;
        background: #f1f3f4;
        border-radius: 2px;
      }
      .bar .fill {
        position: absolute;
        top: 0;
        bottom: 0;
        border-radius: 2px;
      }
      .row.data:hover {
        background: var(--hover);
      }
      .row.stale {
        opacity: 0.5;
      }
      lit-virtualizer {
        flex: 1;
        min-height: 0;
      }
      .flag {
        color: #d55e00;
        text-align: center;
      }
      .empty {
        padding: 16px;
        color: var(--muted);
      }
    `],w([E({attribute:!1})],pt.prototype,"api",2),w([E({attribute:!1})],pt.prototype,"runs",2),w([E({attribute:!1})],pt.prototype,"state",2),w([E({attribute:!1})],pt.prototype,"info",2),w([E({attribute:!1})],pt.prototype,"flags",2),w([E({attribute:!1})],pt.prototype,"gapDomain",2),pt=w([Q("tb-bias-compare")],pt);var Lt=class extends L{change(e){D(this,"state-change",e)}value(e){return e.target.value}onX1(e){let n=this.value(e),i=n===this.state.x2?this.state.x1:this.state.x2;this.change({x1:n,x2:i})}onSmoothing(e){let n=e.target,i=Number(n.value);if(n.value.trim()===""||!Number.isFinite(i)||i<0){n.value=String(this.state.smoothing);return}this.change({smoothing:i})}render(){let e=this.state,n=this.info,i=this.runs.runs.filter(u=>u.tags.length>0),r=i.find(u=>u.run===e.run)?.tags??[],s=n.kind==="counts",o=n.steps.length?n.steps[n.steps.length-1]:void 0,a=this.runs.metrics,l=n.identities.filter(u=>u!==e.x1);return b`
      <div class="grid" role="group" aria-label="Table and metric">
        <label for="run">Run</label>
        <select id="run" data-testid="run-select" @change=${u=>this.change({run:this.value(u)})}>
          ${i.map(u=>b`<option .value=${u.run} .selected=${u.run===e.run}>${u.run}</option>`)}
        </select>

        <label for="tag">Table</label>
        <select id="tag" data-testid="tag-select" @change=${u=>this.change({tag:this.value(u)})}>
          ${r.map(u=>b`<option .value=${u.tag} .selected=${u.tag===e.tag}>${u.tag}</option>`)}
        </select>
        ${n.description?b`<p class="description">${n.description}</p>`:x}

        <label for="step">Step</label>
        <select
          id="step"
          data-testid="step-select"
          @change=${u=>{let c=this.value(u);this.change({step:c===""?null:Number(c)})}}
        >
          <option value="" .selected=${e.step===null}>latest${o===void 0?"":` (${o})`}</option>
          ${n.steps.map(u=>b`<option .value=${String(u)} .selected=${u===e.step}>${u}</option>`)}
        </select>

        ${s?b`
              <label for="threshold">Threshold</label>
              <select
                id="threshold"
                data-testid="threshold-select"
                ?disabled=${n.thresholds.length<2}
                @change=${u=>this.change({threshold:Number(this.value(u))})}
              >
                ${n.thresholds.map((u,c)=>b`<option .value=${String(u)} .selected=${e.threshold===null?c===0:u===e.threshold}>
                      ${u}
                    </option>`)}
              </select>
            `:x}

        <label for="metric">Metric</label>
        <select id="metric" data-testid="metric-select" @change=${u=>this.change({metric:this.value(u)})}>
          ${n.metrics.map(u=>b`<option .value=${u} .selected=${u===e.metric}>${a[u]?`${u} – ${a[u]}`:u}</option>`)}
        </select>

        <label for="x1">Identity</label>
        <select id="x1" data-testid="x1-select" @change=${this.onX1}>
          ${n.identities.map(u=>b`<option .value=${u} .selected=${u===e.x1}>${u}</option>`)}
        </select>

        <label for="x2">versus</label>
        <div class="pair">
          <select
            id="x2"
            data-testid="x2-select"
            ?disabled=${l.length===0}
            @change=${u=>this.change({x2:this.value(u)})}
          >
            ${l.length===0?b`<option value="">(only one identity)</option>`:x}
            ${l.map(u=>b`<option .value=${u} .selected=${u===e.x2}>${u}</option>`)}
            ${l.length>0?b`<option value="rest" .selected=${e.x2==="rest"}>the rest (one-vs-rest)</option>`:x}
          </select>
          <button
            type="button"
            data-testid="swap-pair"
            aria-label="Swap the two identities"
            title="Swap"
            ?disabled=${e.x2===null||e.x2==="rest"}
            @click=${()=>this.change({x1:e.x2,x2:e.x1})}
          >
            \u21c4
          </button>
        </div>

        ${s?b`
              <label for="smoothing">Smoothing</label>
              <input
                id="smoothing"
                data-testid="smoothing-input"
                type="number"
                min="0"
                step="0.5"
                .value=${String(e.smoothing)}
                aria-describedby="smoothing-help"
                @change=${this.onSmoothing}
              />
              <span id="smoothing-help" class="visually-hidden">
                Additive smoothing added to each cell of the two-by-two counts; 0 for none
              </span>
            `:x}
      </div>
    `}};Lt.styles=[Z,K`
      :host {
        display: block;
      }
      .grid {
        display: grid;
        grid-template-columns: 5.5rem 1fr;
        gap: 6px 8px;
        align-items: center;
      }
      label {
        color: var(--muted);
      }
      select,
      input {
        width: 100%;
      }
      .pair {
        display: flex;
        gap: 4px;
        align-items: center;
      }
      .pair select {
        flex: 1;
      }
      .description {
        grid-column: 1 / -1;
        color: var(--muted);
        font-size: 12px;
        margin: 0;
        overflow-wrap: anywhere;
      }
    `],w([E({attribute:!1})],Lt.prototype,"runs",2),w([E({attribute:!1})],Lt.prototype,"state",2),w([E({attribute:!1})],Lt.prototype,"info",2),Lt=w([Q("tb-bias-controls")],Lt);function ac(t){return t}var yr=1,vr=2,wr=3,Je=4,Go=1e-6;function lc(t){return"translate("+t+",0)"}function uc(t){return"translate(0,"+t+")"}function cc(t){return e=>+t(e)}function hc(t,e){return e=Math.max(0,t.bandwidth()-e*2)/2,t.round()&&(e=Math.round(e)),n=>+t(n)+e}function fc(){return!this.__axis}function Yo(t,e){var n=[],i=null,r=null,s=6,o=6,a=3,l=typeof window<"u"&&window.devicePixelRatio>1?0:.5,u=t===yr||t===Je?-1:1,c=t===Je||t===vr?"x":"y",h=t===yr||t===wr?lc:uc;function f(d){var m=i??(e.ticks?e.ticks.apply(e,n):e.domain()),g=r??(e.tickFormat?e.tickFormat.apply(e,n):ac),p=Math.max(s,0)+a,_=e.range(),y=+_[0]+l,v=+_[_.length-1]+l,$=(e.bandwidth?hc:cc)(e.copy(),l),M=d.selection?d.selection():d,A=M.selectAll(".domain").data([null]),P=M.selectAll(".tick").data(m,e).order(),O=P.exit(),V=P.enter().append("g").attr("class","tick"),C=P.select("line"),I=P.select("text");A=A.merge(A.enter().insert("path",".tick").attr("class","domain").attr("stroke","currentColor")),P=P.merge(V),C=C.merge(V.append("line").attr("stroke","currentColor").attr(c+"2",u*s)),I=I.merge(V.append("text").attr("fill","currentColor").attr(c,u*p).attr("dy",t===yr?"0em":t===wr?"0.71em":"0.32em")),d!==M&&(A=A.transition(d),P=P.transition(d),C=C.transition(d),I=I.transition(d),O=O.transition(d).attr("opacity",Go).attr("transform",function(S){return isFinite(S=$(S))?h(S+l):this.getAttribute("transform")}),V.attr("opacity",Go).attr("transform",function(S){var T=this.parentNode.__axis;return h((T&&isFinite(T=T(S))?T:$(S))+l)})),O.remove(),A.attr("d",t===Je||t===vr?o?"M"+u*o+","+y+"H"+l+"V"+v+"H"+u*o:"M"+l+","+y+"V"+v:o?"M"+y+","+u*o+"V"+l+"H"+v+"V"+u*o:"M"+y+","+l+"H"+v),P.attr("opacity",1).attr("transform",function(S){return h($(S)+l)}),C.attr(c+"2",u*s),I.attr(c,u*p).text(g),M.filter(fc).attr("fill","none").attr("font-size",10).attr("font-family","sans-serif").attr("text-anchor",t===vr?"start":t===Je?"end":"middle"),M.each(function(){this.__axis=$})}return f.scale=function(d){return arguments.length?(e=d,f):e},f.ticks=function(){return n=Array.from(arguments),f},f.tickArguments=function(d){return arguments.length?(n=d==null?[]:Array.from(d),f):n.slice()},f.tickValues=function(d){return arguments.length?(i=d==null?null:Array.from(d),f):i&&i.slice()},f.tickFormat=function(d){return arguments.length?(r=d,f):r},f.tickSize=function(d){return arguments.length?(s=o=+d,f):s},f.tickSizeInner=function(d){return arguments.length?(s=+d,f):s},f.tickSizeOuter=function(d){return arguments.length?(o=+d,f):o},f.tickPadding=function(d){return arguments.length?(a=+d,f):a},f.offset=function(d){return arguments.length?(l=+d,f):l},f}function Qo(t){return Yo(wr,t)}function Zo(t){return Yo(Je,t)}var dc={value:()=>{}};function tn(){for(var t=0,e=arguments.length,n={},i;t<e;++t){if(!(i=arguments[t]+"")||i in n||/[\s.]/.test(i))throw new Error("illegal type: "+i);n[i]=[]}return new ii(n)}function ii(t){this._=t}function pc(t,e){return t.trim().split(/^|\s+/).map(function(n){var i="",r=n.indexOf(".");if(r>=0&&(i=n.slice(r+1),n=n.slice(0,r)),n&&!e.hasOwnProperty(n))throw new Error("unknown type: "+n);return{type:n,name:i}})}ii.prototype=tn.prototype={constructor:ii,on:function(t,e){var n=this._,i=pc(t+"",n),r,s=-1,o=i.length;if(arguments.length<2){for(;++s<o;)if((r=(t=i[s]).type)&&(r=mc(n[r],t.name)))return r;return}if(e!=null&&typeof e!="function")throw new Error("invalid callback: "+e);for(;++s<o;)if(r=(t=i[s]).type)n[r]=Jo(n[r],t.name,e);else if(e==null)for(r in n)n[r]=Jo(n[r],t.name,null);return this},copy:function(){var t={},e=this._;for(var n in e)t[n]=e[n].slice();return new ii(t)},call:function(t,e){if((r=arguments.length-2)>0)for(var n=new Array(r),i=0,r,s;i<r;++i)n[i]=arguments[i+2];if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(s=this._[t],i=0,r=s.length;i<r;++i)s[i].value.apply(e,n)},apply:function(t,e,n){if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(var i=this._[t],r=0,s=i.length;r<s;++r)i[r].value.apply(e,n)}};function mc(t,e){for(var n=0,i=t.length,r;n<i;++n)if((r=t[n]).name===e)return r.value}function Jo(t,e,n){for(var i=0,r=t.length;i<r;++i)if(t[i].name===e){t[i]=dc,t=t.slice(0,i).concat(t.slice(i+1));break}return n!=null&&t.push({name:e,value:n}),t}var xr="http://www.w3.org/1999/xhtml",ta={svg:"http://www.w3.org/2000/svg",xhtml:xr,xlink:"http://www.w3.org/1999/xlink",xml:"http://www.w3.org/XML/1998/namespace",xmlns:"http://www.w3.org/2000/xmlns/"};function en(t){var e=t+="",n=e.indexOf(":");return n>=0&&(e=t.slice(0,n))!=="xmlns"&&(t=t.slice(n+1)),ta.hasOwnProperty(e)?{space:ta[e],local:t}:t}function gc(t){return function(){var e=this.ownerDocument,n=this.namespaceURI;return n===xr&&e.documentElement.namespaceURI===xr?e.createElement(t):e.createElementNS(n,t)}}function _c(t){return function(){return this.ownerDocument.createElementNS(t.space,t.local)}}function ea(t){var e=en(t);return(e.local?_c:gc)(e)}function bc(){}function si(t){return t==null?bc:function(){return this.querySelector(t)}}function yc(t){typeof t!="function"&&(t=si(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=new Array(o),l,u,c=0;c<o;++c)(l=s[c])&&(u=t.call(l,l.__data__,c,s))&&("__data__"in l&&(u.__data__=l.__data__),a[c]=u);return new ct(i,this._parents)}function vc(t){return t==null?[]:Array.isArray(t)?t:Array.from(t)}function wc(){return[]}function Sr(t){return t==null?wc:function(){return this.querySelectorAll(t)}}function xc(t){return function(){return vc(t.apply(this,arguments))}}function $c(t){typeof t=="function"?t=xc(t):t=Sr(t);for(var e=this._groups,n=e.length,i=[],r=[],s=0;s<n;++s)for(var o=e[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&(i.push(t.call(l,l.__data__,u,o)),r.push(l));return new ct(i,r)}function Mr(t){return function(){return this.matches(t)}}function na(t){return function(e){return e.matches(t)}}var Sc=Array.prototype.find;function Mc(t){return function(){return Sc.call(this.children,t)}}function Ec(){return this.firstElementChild}function kc(t){return this.select(t==null?Ec:Mc(typeof t=="function"?t:na(t)))}var Ac=Array.prototype.filter;function Cc(){return Array.from(this.children)}function Tc(t){return function(){return Ac.call(this.children,t)}}function Rc(t){return this.selectAll(t==null?Cc:Tc(typeof t=="function"?t:na(t)))}function Pc(t){typeof t!="function"&&(t=Mr(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new ct(i,this._parents)}function ia(t){return new Array(t.length)}function Oc(){return new ct(this._enter||this._groups.map(ia),this._parents)}function ri(t,e){this.ownerDocument=t.ownerDocument,this.namespaceURI=t.namespaceURI,this._next=null,this._parent=t,this.__data__=e}ri.prototype={constructor:ri,appendChild:function(t){return this._parent.insertBefore(t,this._next)},insertBefore:function(t,e){return this._parent.insertBefore(t,e)},querySelector:function(t){return this._parent.querySelector(t)},querySelectorAll:function(t){return this._parent.querySelectorAll(t)}};function Nc(t){return function(){return t}}function Ic(t,e,n,i,r,s){for(var o=0,a,l=e.length,u=s.length;o<u;++o)(a=e[o])?(a.__data__=s[o],i[o]=a):n[o]=new ri(t,s[o]);for(;o<l;++o)(a=e[o])&&(r[o]=a)}function zc(t,e,n,i,r,s,o){var a,l,u=new Map,c=e.length,h=s.length,f=new Array(c),d;for(a=0;a<c;++a)(l=e[a])&&(f[a]=d=o.call(l,l.__data__,a,e)+"",u.has(d)?r[a]=l:u.set(d,l));for(a=0;a<h;++a)d=o.call(t,s[a],a,s)+"",(l=u.get(d))?(i[a]=l,l.__data__=s[a],u.delete(d)):n[a]=new ri(t,s[a]);for(a=0;a<c;++a)(l=e[a])&&u.get(f[a])===l&&(r[a]=l)}function Lc(t){return t.__data__}function Dc(t,e){if(!arguments.length)return Array.from(this,Lc);var n=e?zc:Ic,i=this._parents,r=this._groups;typeof t!="function"&&(t=Nc(t));for(var s=r.length,o=new Array(s),a=new Array(s),l=new Array(s),u=0;u<s;++u){var c=i[u],h=r[u],f=h.length,d=Fc(t.call(c,c&&c.__data__,u,i)),m=d.length,g=a[u]=new Array(m),p=o[u]=new Array(m),_=l[u]=new Array(f);n(c,h,g,p,_,d,e);for(var y=0,v=0,$,M;y<m;++y)if($=g[y]){for(y>=v&&(v=y+1);!(M=p[v])&&++v<m;);$._next=M||null}}return o=new ct(o,i),o._enter=a,o._exit=l,o}function Fc(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function Vc(){return new ct(this._exit||this._groups.map(ia),this._parents)}function Hc(t,e,n){var i=this.enter(),r=this,s=this.exit();return typeof t=="function"?(i=t(i),i&&(i=i.selection())):i=i.append(t+""),e!=null&&(r=e(r),r&&(r=r.selection())),n==null?s.remove():n(s),i&&r?i.merge(r).order():r}function qc(t){for(var e=t.selection?t.selection():t,n=this._groups,i=e._groups,r=n.length,s=i.length,o=Math.min(r,s),a=new Array(r),l=0;l<o;++l)for(var u=n[l],c=i[l],h=u.length,f=a[l]=new Array(h),d,m=0;m<h;++m)(d=u[m]||c[m])&&(f[m]=d);for(;l<r;++l)a[l]=n[l];return new ct(a,this._parents)}function Uc(){for(var t=this._groups,e=-1,n=t.length;++e<n;)for(var i=t[e],r=i.length-1,s=i[r],o;--r>=0;)(o=i[r])&&(s&&o.compareDocumentPosition(s)^4&&s.parentNode.insertBefore(o,s),s=o);return this}function Bc(t){t||(t=jc);function e(h,f){return h&&f?t(h.__data__,f.__data__):!h-!f}for(var n=this._groups,i=n.length,r=new Array(i),s=0;s<i;++s){for(var o=n[s],a=o.length,l=r[s]=new Array(a),u,c=0;c<a;++c)(u=o[c])&&(l[c]=u);l.sort(e)}return new ct(r,this._parents).order()}function jc(t,e){return t<e?-1:t>e?1:t>=e?0:NaN}function Wc(){var t=arguments[0];return arguments[0]=this,t.apply(null,arguments),this}function Xc(){return Array.from(this)}function Kc(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length;r<s;++r){var o=i[r];if(o)return o}return null}function Gc(){let t=0;for(let e of this)++t;return t}function Yc(){return!this.node()}function Qc(t){for(var e=this._groups,n=0,i=e.length;n<i;++n)for(var r=e[n],s=0,o=r.length,a;s<o;++s)(a=r[s])&&t.call(a,a.__data__,s,r);return this}function Zc(t){return function(){this.removeAttribute(t)}}function Jc(t){return function(){this.removeAttributeNS(t.space,t.local)}}function th(t,e){return function(){this.setAttribute(t,e)}}function eh(t,e){return function(){this.setAttributeNS(t.space,t.local,e)}}function nh(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttribute(t):this.setAttribute(t,n)}}function ih(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttributeNS(t.space,t.local):this.setAttributeNS(t.space,t.local,n)}}function rh(t,e){var n=en(t);if(arguments.length<2){var i=this.node();return n.local?i.getAttributeNS(n.space,n.local):i.getAttribute(n)}return this.each((e==null?n.local?Jc:Zc:typeof e=="function"?n.local?ih:nh:n.local?eh:th)(n,e))}function ra(t){return t.ownerDocument&&t.ownerDocument.defaultView||t.document&&t||t.defaultView}function sh(t){return function(){this.style.removeProperty(t)}}function oh(t,e,n){return function(){this.style.setProperty(t,e,n)}}function ah(t,e,n){return function(){var i=e.apply(this,arguments);i==null?this.style.removeProperty(t):this.style.setProperty(t,i,n)}}function lh(t,e,n){return arguments.length>1?this.each((e==null?sh:typeof e=="function"?ah:oh)(t,e,n??"")):Zt(this.node(),t)}function Zt(t,e){return t.style.getPropertyValue(e)||ra(t).getComputedStyle(t,null).getPropertyValue(e)}function uh(t){return function(){delete this[t]}}function ch(t,e){return function(){this[t]=e}}function hh(t,e){return function(){var n=e.apply(this,arguments);n==null?delete this[t]:this[t]=n}}function fh(t,e){return arguments.length>1?this.each((e==null?uh:typeof e=="function"?hh:ch)(t,e)):this.node()[t]}function sa(t){return t.trim().split(/^|\s+/)}function Er(t){return t.classList||new oa(t)}function oa(t){this._node=t,this._names=sa(t.getAttribute("class")||"")}oa.prototype={add:function(t){var e=this._names.indexOf(t);e<0&&(this._names.push(t),this._node.setAttribute("class",this._names.join(" ")))},remove:function(t){var e=this._names.indexOf(t);e>=0&&(this._names.splice(e,1),this._node.setAttribute("class",this._names.join(" ")))},contains:function(t){return this._names.indexOf(t)>=0}};function aa(t,e){for(var n=Er(t),i=-1,r=e.length;++i<r;)n.add(e[i])}function la(t,e){for(var n=Er(t),i=-1,r=e.length;++i<r;)n.remove(e[i])}function dh(t){return function(){aa(this,t)}}function ph(t){return function(){la(this,t)}}function mh(t,e){return function(){(e.apply(this,arguments)?aa:la)(this,t)}}function gh(t,e){var n=sa(t+"");if(arguments.length<2){for(var i=Er(this.node()),r=-1,s=n.length;++r<s;)if(!i.contains(n[r]))return!1;return!0}return this.each((typeof e=="function"?mh:e?dh:ph)(n,e))}function _h(){this.textContent=""}function bh(t){return function(){this.textContent=t}}function yh(t){return function(){var e=t.apply(this,arguments);this.textContent=e??""}}function vh(t){return arguments.length?this.each(t==null?_h:(typeof t=="function"?yh:bh)(t)):this.node().textContent}function wh(){this.innerHTML=""}function xh(t){return function(){this.innerHTML=t}}function $h(t){return function(){var e=t.apply(this,arguments);this.innerHTML=e??""}}function Sh(t){return arguments.length?this.each(t==null?wh:(typeof t=="function"?$h:xh)(t)):this.node().innerHTML}function Mh(){this.nextSibling&&this.parentNode.appendChild(this)}function Eh(){return this.each(Mh)}function kh(){this.previousSibling&&this.parentNode.insertBefore(this,this.parentNode.firstChild)}function Ah(){return this.each(kh)}function Ch(t){var e=typeof t=="function"?t:ea(t);return this.select(function(){return this.appendChild(e.apply(this,arguments))})}function Th(){return null}function Rh(t,e){var n=typeof t=="function"?t:ea(t),i=e==null?Th:typeof e=="function"?e:si(e);return this.select(function(){return this.insertBefore(n.apply(this,arguments),i.apply(this,arguments)||null)})}function Ph(){var t=this.parentNode;t&&t.removeChild(this)}function Oh(){return this.each(Ph)}function Nh(){var t=this.cloneNode(!1),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function Ih(){var t=this.cloneNode(!0),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function zh(t){return this.select(t?Ih:Nh)}function Lh(t){return arguments.length?this.property("__data__",t):this.node().__data__}function Dh(t){return function(e){t.call(this,e,this.__data__)}}function Fh(t){return t.trim().split(/^|\s+/).map(function(e){var n="",i=e.indexOf(".");return i>=0&&(n=e.slice(i+1),e=e.slice(0,i)),{type:e,name:n}})}function Vh(t){return function(){var e=this.__on;if(e){for(var n=0,i=-1,r=e.length,s;n<r;++n)s=e[n],(!t.type||s.type===t.type)&&s.name===t.name?this.removeEventListener(s.type,s.listener,s.options):e[++i]=s;++i?e.length=i:delete this.__on}}}function Hh(t,e,n){return function(){var i=this.__on,r,s=Dh(e);if(i){for(var o=0,a=i.length;o<a;++o)if((r=i[o]).type===t.type&&r.name===t.name){this.removeEventListener(r.type,r.listener,r.options),this.addEventListener(r.type,r.listener=s,r.options=n),r.value=e;return}}this.addEventListener(t.type,s,n),r={type:t.type,name:t.name,value:e,listener:s,options:n},i?i.push(r):this.__on=[r]}}function qh(t,e,n){var i=Fh(t+""),r,s=i.length,o;if(arguments.length<2){var a=this.node().__on;if(a){for(var l=0,u=a.length,c;l<u;++l)for(r=0,c=a[l];r<s;++r)if((o=i[r]).type===c.type&&o.name===c.name)return c.value}return}for(a=e?Hh:Vh,r=0;r<s;++r)this.each(a(i[r],e,n));return this}function ua(t,e,n){var i=ra(t),r=i.CustomEvent;typeof r=="function"?r=new r(e,n):(r=i.document.createEvent("Event"),n?(r.initEvent(e,n.bubbles,n.cancelable),r.detail=n.detail):r.initEvent(e,!1,!1)),t.dispatchEvent(r)}function Uh(t,e){return function(){return ua(this,t,e)}}function Bh(t,e){return function(){return ua(this,t,e.apply(this,arguments))}}function jh(t,e){return this.each((typeof e=="function"?Bh:Uh)(t,e))}function*Wh(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length,o;r<s;++r)(o=i[r])&&(yield o)}var ca=[null];function ct(t,e){this._groups=t,this._parents=e}function Jt(){return new ct([[document.documentElement]],ca)}function Xh(){return this}ct.prototype=Jt.prototype={constructor:ct,select:yc,selectAll:$c,selectChild:kc,selectChildren:Rc,filter:Pc,data:Dc,enter:Oc,exit:Vc,join:Hc,merge:qc,selection:Xh,order:Uc,sort:Bc,call:Wc,nodes:Xc,node:Kc,size:Gc,empty:Yc,each:Qc,attr:rh,style:lh,property:fh,classed:gh,text:vh,html:Sh,raise:Eh,lower:Ah,append:Ch,insert:Rh,remove:Oh,clone:zh,datum:Lh,on:qh,dispatch:jh,[Symbol.iterator]:Wh};function nt(t){return typeof t=="string"?new ct([[document.querySelector(t)]],[document.documentElement]):new ct([[t]],ca)}var Kh=0;function Gh(){return new $r}function $r(){this._="@"+(++Kh).toString(36)}$r.prototype=Gh.prototype={constructor:$r,get:function(t){for(var e=this._;!(e in t);)if(!(t=t.parentNode))return;return t[e]},set:function(t,e){return t[this._]=e},remove:function(t){return this._ in t&&delete t[this._]},toString:function(){return this._}};function Yh(t){let e;for(;e=t.sourceEvent;)t=e;return t}function oi(t,e){if(t=Yh(t),e===void 0&&(e=t.currentTarget),e){var n=e.ownerSVGElement||e;if(n.createSVGPoint){var i=n.createSVGPoint();return i.x=t.clientX,i.y=t.clientY,i=i.matrixTransform(e.getScreenCTM().inverse()),[i.x,i.y]}if(e.getBoundingClientRect){var r=e.getBoundingClientRect();return[t.clientX-r.left-e.clientLeft,t.clientY-r.top-e.clientTop]}}return[t.pageX,t.pageY]}var kr={capture:!0,passive:!1};function Ar(t){t.preventDefault(),t.stopImmediatePropagation()}function ha(t){var e=t.document.documentElement,n=nt(t).on("dragstart.drag",Ar,kr);"onselectstart"in e?n.on("selectstart.drag",Ar,kr):(e.__noselect=e.style.MozUserSelect,e.style.MozUserSelect="none")}function fa(t,e){var n=t.document.documentElement,i=nt(t).on("dragstart.drag",null);e&&(i.on("click.drag",Ar,kr),setTimeout(function(){i.on("click.drag",null)},0)),"onselectstart"in n?i.on("selectstart.drag",null):(n.style.MozUserSelect=n.__noselect,delete n.__noselect)}function Qh(t,{sourceEvent:e,subject:n,target:i,identifier:r,active:s,x:o,y:a,dx:l,dy:u,dispatch:c}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},subject:{value:n,enumerable:!0,configurable:!0},target:{value:i,enumerable:!0,configurable:!0},identifier:{value:r,enumerable:!0,configurable:!0},active:{value:s,enumerable:!0,configurable:!0},x:{value:o,enumerable:!0,configurable:!0},y:{value:a,enumerable:!0,configurable:!0},dx:{value:l,enumerable:!0,configurable:!0},dy:{value:u,enumerable:!0,configurable:!0},_:{value:c}})}Qh.prototype.on=function(){var t=this._.on.apply(this._,arguments);return t===this._?this:t};function ge(t,e,n){t.prototype=e.prototype=n,n.constructor=t}function sn(t,e){var n=Object.create(t.prototype);for(var i in e)n[i]=e[i];return n}function Dt(){}var ie=.7,me=1/ie,de="\\s*([+-]?\\d+)\\s*",nn="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)\\s*",yt="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)%\\s*",Zh=/^#([0-9a-f]{3,8})$/,Jh=new RegExp(`^rgb\\(${de},${de},${de}\\)$`),tf=new RegExp(`^rgb\\(${yt},${yt},${yt}\\)$`),ef=new RegExp(`^rgba\\(${de},${de},${de},${nn}\\)$`),nf=new RegExp(`^rgba\\(${yt},${yt},${yt},${nn}\\)$`),rf=new RegExp(`^hsl\\(${nn},${yt},${yt}\\)$`),sf=new RegExp(`^hsla\\(${nn},${yt},${yt},${nn}\\)$`),da={aliceblue:15792383,antiquewhite:16444375,aqua:65535,aquamarine:8388564,azure:15794175,beige:16119260,bisque:16770244,black:0,blanchedalmond:16772045,blue:255,blueviolet:9055202,brown:10824234,burlywood:14596231,cadetblue:6266528,chartreuse:8388352,chocolate:13789470,coral:16744272,cornflowerblue:6591981,cornsilk:16775388,crimson:14423100,cyan:65535,darkblue:139,darkcyan:35723,darkgoldenrod:12092939,darkgray:11119017,darkgreen:25600,darkgrey:11119017,darkkhaki:12433259,darkmagenta:9109643,darkolivegreen:5597999,darkorange:16747520,darkorchid:10040012,darkred:9109504,darksalmon:15308410,darkseagreen:9419919,darkslateblue:4734347,darkslategray:3100495,darkslategrey:3100495,darkturquoise:52945,darkviolet:9699539,deeppink:16716947,deepskyblue:49151,dimgray:6908265,dimgrey:6908265,dodgerblue:2003199,firebrick:11674146,floralwhite:16775920,forestgreen:2263842,fuchsia:16711935,gainsboro:14474460,ghostwhite:16316671,gold:16766720,goldenrod:14329120,gray:8421504,green:32768,greenyellow:11403055,grey:8421504,honeydew:15794160,hotpink:16738740,indianred:13458524,indigo:4915330,ivory:16777200,khaki:15787660,lavender:15132410,lavenderblush:16773365,lawngreen:8190976,lemonchiffon:16775885,lightblue:11393254,lightcoral:15761536,lightcyan:14745599,lightgoldenrodyellow:16448210,lightgray:13882323,lightgreen:9498256,lightgrey:13882323,lightpink:16758465,lightsalmon:16752762,lightseagreen:2142890,lightskyblue:8900346,lightslategray:7833753,lightslategrey:7833753,lightsteelblue:11584734,lightyellow:16777184,lime:65280,limegreen:3329330,linen:16445670,magenta:16711935,maroon:8388608,mediumaquamarine:6737322,mediumblue:205,mediumorchid:12211667,mediumpurple:9662683,mediumseagreen:3978097,mediumslateblue:8087790,mediumspringgreen:64154,mediumturquoise:4772300,mediumvioletred:13047173,midnightblue:1644912,mintcream:16121850,mistyrose:16770273,moccasin:16770229,navajowhite:16768685,navy:128,oldlace:16643558,olive:8421376,olivedrab:7048739,orange:16753920,orangered:16729344,orchid:14315734,palegoldenrod:15657130,palegreen:10025880,paleturquoise:11529966,palevioletred:14381203,papayawhip:16773077,peachpuff:16767673,peru:13468991,pink:16761035,plum:14524637,powderblue:11591910,purple:8388736,rebeccapurple:6697881,red:16711680,rosybrown:12357519,royalblue:4286945,saddlebrown:9127187,salmon:16416882,sandybrown:16032864,seagreen:3050327,seashell:16774638,sienna:10506797,silver:12632256,skyblue:8900331,slateblue:6970061,slategray:7372944,slategrey:7372944,snow:16775930,springgreen:65407,steelblue:4620980,tan:13808780,teal:32896,thistle:14204888,tomato:16737095,turquoise:4251856,violet:15631086,wheat:16113331,white:16777215,whitesmoke:16119285,yellow:16776960,yellowgreen:10145074};ge(Dt,At,{copy(t){return Object.assign(new this.constructor,this,t)},displayable(){return this.rgb().displayable()},hex:pa,formatHex:pa,formatHex8:of,formatHsl:af,formatRgb:ma,toString:ma});function pa(){return this.rgb().formatHex()}function of(){return this.rgb().formatHex8()}function af(){return Sa(this).formatHsl()}function ma(){return this.rgb().formatRgb()}function At(t){var e,n;return t=(t+"").trim().toLowerCase(),(e=Zh.exec(t))?(n=e[1].length,e=parseInt(e[1],16),n===6?ga(e):n===3?new G(e>>8&15|e>>4&240,e>>4&15|e&240,(e&15)<<4|e&15,1):n===8?ai(e>>24&255,e>>16&255,e>>8&255,(e&255)/255):n===4?ai(e>>12&15|e>>8&240,e>>8&15|e>>4&240,e>>4&15|e&240,((e&15)<<4|e&15)/255):null):(e=Jh.exec(t))?new G(e[1],e[2],e[3],1):(e=tf.exec(t))?new G(e[1]*255/100,e[2]*255/100,e[3]*255/100,1):(e=ef.exec(t))?ai(e[1],e[2],e[3],e[4]):(e=nf.exec(t))?ai(e[1]*255/100,e[2]*255/100,e[3]*255/100,e[4]):(e=rf.exec(t))?ya(e[1],e[2]/100,e[3]/100,1):(e=sf.exec(t))?ya(e[1],e[2]/100,e[3]/100,e[4]):da.hasOwnProperty(t)?ga(da[t]):t==="transparent"?new G(NaN,NaN,NaN,0):null}function ga(t){return new G(t>>16&255,t>>8&255,t&255,1)}function ai(t,e,n,i){return i<=0&&(t=e=n=NaN),new G(t,e,n,i)}function Nr(t){return t instanceof Dt||(t=At(t)),t?(t=t.rgb(),new G(t.r,t.g,t.b,t.opacity)):new G}function on(t,e,n,i){return arguments.length===1?Nr(t):new G(t,e,n,i??1)}function G(t,e,n,i){this.r=+t,this.g=+e,this.b=+n,this.opacity=+i}ge(G,on,sn(Dt,{brighter(t){return t=t==null?me:Math.pow(me,t),new G(this.r*t,this.g*t,this.b*t,this.opacity)},darker(t){return t=t==null?ie:Math.pow(ie,t),new G(this.r*t,this.g*t,this.b*t,this.opacity)},rgb(){return this},clamp(){return new G(ee(this.r),ee(this.g),ee(this.b),ui(this.opacity))},displayable(){return-.5<=this.r&&this.r<255.5&&-.5<=this.g&&this.g<255.5&&-.5<=this.b&&this.b<255.5&&0<=this.opacity&&this.opacity<=1},hex:_a,formatHex:_a,formatHex8:lf,formatRgb:ba,toString:ba}));function _a(){return`#${te(this.r)}${te(this.g)}${te(this.b)}`}function lf(){return`#${te(this.r)}${te(this.g)}${te(this.b)}${te((isNaN(this.opacity)?1:this.opacity)*255)}`}function ba(){let t=ui(this.opacity);return`${t===1?"rgb(":"rgba("}${ee(this.r)}, ${ee(this.g)}, ${ee(this.b)}${t===1?")":`, ${t})`}`}function ui(t){return isNaN(t)?1:Math.max(0,Math.min(1,t))}function ee(t){return Math.max(0,Math.min(255,Math.round(t)||0))}function te(t){return t=ee(t),(t<16?"0":"")+t.toString(16)}function ya(t,e,n,i){return i<=0?t=e=n=NaN:n<=0||n>=1?t=e=NaN:e<=0&&(t=NaN),new mt(t,e,n,i)}function Sa(t){if(t instanceof mt)return new mt(t.h,t.s,t.l,t.opacity);if(t instanceof Dt||(t=At(t)),!t)return new mt;if(t instanceof mt)return t;t=t.rgb();var e=t.r/255,n=t.g/255,i=t.b/255,r=Math.min(e,n,i),s=Math.max(e,n,i),o=NaN,a=s-r,l=(s+r)/2;return a?(e===s?o=(n-i)/a+(n<i)*6:n===s?o=(i-e)/a+2:o=(e-n)/a+4,a/=l<.5?s+r:2-s-r,o*=60):a=l>0&&l<1?0:o,new mt(o,a,l,t.opacity)}function hi(t,e,n,i){return arguments.length===1?Sa(t):new mt(t,e,n,i??1)}function mt(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}ge(mt,hi,sn(Dt,{brighter(t){return t=t==null?me:Math.pow(me,t),new mt(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?ie:Math.pow(ie,t),new mt(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=this.h%360+(this.h<0)*360,e=isNaN(t)||isNaN(this.s)?0:this.s,n=this.l,i=n+(n<.5?n:1-n)*e,r=2*n-i;return new G(Cr(t>=240?t-240:t+120,r,i),Cr(t,r,i),Cr(t<120?t+240:t-120,r,i),this.opacity)},clamp(){return new mt(va(this.h),li(this.s),li(this.l),ui(this.opacity))},displayable(){return(0<=this.s&&this.s<=1||isNaN(this.s))&&0<=this.l&&this.l<=1&&0<=this.opacity&&this.opacity<=1},formatHsl(){let t=ui(this.opacity);return`${t===1?"hsl(":"hsla("}${va(this.h)}, ${li(this.s)*100}%, ${li(this.l)*100}%${t===1?")":`, ${t})`}`}}));function va(t){return t=(t||0)%360,t<0?t+360:t}function li(t){return Math.max(0,Math.min(1,t||0))}function Cr(t,e,n){return(t<60?e+(n-e)*t/60:t<180?n:t<240?e+(n-e)*(240-t)/60:e)*255}var Ma=Math.PI/180,Ea=180/Math.PI,ci=18,ka=.96422,Aa=1,Ca=.82521,Ta=4/29,pe=6/29,Ra=3*pe*pe,uf=pe*pe*pe;function Pa(t){if(t instanceof vt)return new vt(t.l,t.a,t.b,t.opacity);if(t instanceof kt)return Na(t);t instanceof G||(t=Nr(t));var e=Or(t.r),n=Or(t.g),i=Or(t.b),r=Tr((.2225045*e+.7168786*n+.0606169*i)/Aa),s,o;return e===n&&n===i?s=o=r:(s=Tr((.4360747*e+.3850649*n+.1430804*i)/ka),o=Tr((.0139322*e+.0971045*n+.7141733*i)/Ca)),new vt(116*r-16,500*(s-r),200*(r-o),t.opacity)}function Oa(t,e,n,i){return arguments.length===1?Pa(t):new vt(t,e,n,i??1)}function vt(t,e,n,i){this.l=+t,this.a=+e,this.b=+n,this.opacity=+i}ge(vt,Oa,sn(Dt,{brighter(t){return new vt(this.l+ci*(t??1),this.a,this.b,this.opacity)},darker(t){return new vt(this.l-ci*(t??1),this.a,this.b,this.opacity)},rgb(){var t=(this.l+16)/116,e=isNaN(this.a)?t:t+this.a/500,n=isNaN(this.b)?t:t-this.b/200;return e=ka*Rr(e),t=Aa*Rr(t),n=Ca*Rr(n),new G(Pr(3.1338561*e-1.6168667*t-.4906146*n),Pr(-.9787684*e+1.9161415*t+.033454*n),Pr(.0719453*e-.2289914*t+1.4052427*n),this.opacity)}}));function Tr(t){return t>uf?Math.pow(t,1/3):t/Ra+Ta}function Rr(t){return t>pe?t*t*t:Ra*(t-Ta)}function Pr(t){return 255*(t<=.0031308?12.92*t:1.055*Math.pow(t,1/2.4)-.055)}function Or(t){return(t/=255)<=.04045?t/12.92:Math.pow((t+.055)/1.055,2.4)}function cf(t){if(t instanceof kt)return new kt(t.h,t.c,t.l,t.opacity);if(t instanceof vt||(t=Pa(t)),t.a===0&&t.b===0)return new kt(NaN,0<t.l&&t.l<100?0:NaN,t.l,t.opacity);var e=Math.atan2(t.b,t.a)*Ea;return new kt(e<0?e+360:e,Math.sqrt(t.a*t.a+t.b*t.b),t.l,t.opacity)}function fi(t,e,n,i){return arguments.length===1?cf(t):new kt(t,e,n,i??1)}function kt(t,e,n,i){this.h=+t,this.c=+e,this.l=+n,this.opacity=+i}function Na(t){if(isNaN(t.h))return new vt(t.l,0,0,t.opacity);var e=t.h*Ma;return new vt(t.l,Math.cos(e)*t.c,Math.sin(e)*t.c,t.opacity)}ge(kt,fi,sn(Dt,{brighter(t){return new kt(this.h,this.c,this.l+ci*(t??1),this.opacity)},darker(t){return new kt(this.h,this.c,this.l-ci*(t??1),this.opacity)},rgb(){return Na(this).rgb()}}));var Ia=-.14861,Ir=1.78277,zr=-.29227,di=-.90649,rn=1.97294,wa=rn*di,xa=rn*Ir,$a=Ir*zr-di*Ia;function hf(t){if(t instanceof ne)return new ne(t.h,t.s,t.l,t.opacity);t instanceof G||(t=Nr(t));var e=t.r/255,n=t.g/255,i=t.b/255,r=($a*i+wa*e-xa*n)/($a+wa-xa),s=i-r,o=(rn*(n-r)-zr*s)/di,a=Math.sqrt(o*o+s*s)/(rn*r*(1-r)),l=a?Math.atan2(o,s)*Ea-120:NaN;return new ne(l<0?l+360:l,a,r,t.opacity)}function pi(t,e,n,i){return arguments.length===1?hf(t):new ne(t,e,n,i??1)}function ne(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}ge(ne,pi,sn(Dt,{brighter(t){return t=t==null?me:Math.pow(me,t),new ne(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?ie:Math.pow(ie,t),new ne(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=isNaN(this.h)?0:(this.h+120)*Ma,e=+this.l,n=isNaN(this.s)?0:this.s*e*(1-e),i=Math.cos(t),r=Math.sin(t);return new G(255*(e+n*(Ia*i+Ir*r)),255*(e+n*(zr*i+di*r)),255*(e+n*(rn*i)),this.opacity)}}));function Da(t,e,n,i,r){var s=t*t,o=s*t;return((1-3*t+3*s-o)*e+(4-6*s+3*o)*n+(1+3*t+3*s-3*o)*i+o*r)/6}function ff(t){var e=t.length-1;return function(n){var i=n<=0?n=0:n>=1?(n=1,e-1):Math.floor(n*e),r=t[i],s=t[i+1],o=i>0?t[i-1]:2*r-s,a=i<e-1?t[i+2]:2*s-r;return Da((n-i/e)*e,o,r,s,a)}}function df(t){var e=t.length;return function(n){var i=Math.floor(((n%=1)<0?++n:n)*e),r=t[(i+e-1)%e],s=t[i%e],o=t[(i+1)%e],a=t[(i+2)%e];return Da((n-i/e)*e,r,s,o,a)}}var gi=t=>()=>t;function Fa(t,e){return function(n){return t+n*e}}function pf(t,e,n){return t=Math.pow(t,n),e=Math.pow(e,n)-t,n=1/n,function(i){return Math.pow(t+i*e,n)}}function Vr(t,e){var n=e-t;return n?Fa(t,n>180||n<-180?n-360*Math.round(n/360):n):gi(isNaN(t)?e:t)}function mf(t){return(t=+t)==1?st:function(e,n){return n-e?pf(e,n,t):gi(isNaN(e)?n:e)}}function st(t,e){var n=e-t;return n?Fa(t,n):gi(isNaN(t)?e:t)}var an=(function t(e){var n=mf(e);function i(r,s){var o=n((r=on(r)).r,(s=on(s)).r),a=n(r.g,s.g),l=n(r.b,s.b),u=st(r.opacity,s.opacity);return function(c){return r.r=o(c),r.g=a(c),r.b=l(c),r.opacity=u(c),r+""}}return i.gamma=t,i})(1);function Va(t){return function(e){var n=e.length,i=new Array(n),r=new Array(n),s=new Array(n),o,a;for(o=0;o<n;++o)a=on(e[o]),i[o]=a.r||0,r[o]=a.g||0,s[o]=a.b||0;return i=t(i),r=t(r),s=t(s),a.opacity=1,function(l){return a.r=i(l),a.g=r(l),a.b=s(l),a+""}}}var H_=Va(ff),q_=Va(df);function gf(t,e){e||(e=[]);var n=t?Math.min(e.length,t.length):0,i=e.slice(),r;return function(s){for(r=0;r<n;++r)i[r]=t[r]*(1-s)+e[r]*s;return i}}function _f(t){return ArrayBuffer.isView(t)&&!(t instanceof DataView)}function bf(t,e){var n=e?e.length:0,i=t?Math.min(n,t.length):0,r=new Array(i),s=new Array(n),o;for(o=0;o<i;++o)r[o]=_e(t[o],e[o]);for(;o<n;++o)s[o]=e[o];return function(a){for(o=0;o<i;++o)s[o]=r[o](a);return s}}function yf(t,e){var n=new Date;return t=+t,e=+e,function(i){return n.setTime(t*(1-i)+e*i),n}}function ht(t,e){return t=+t,e=+e,function(n){return t*(1-n)+e*n}}function vf(t,e){var n={},i={},r;(t===null||typeof t!="object")&&(t={}),(e===null||typeof e!="object")&&(e={});for(r in e)r in t?n[r]=_e(t[r],e[r]):i[r]=e[r];return function(s){for(r in n)i[r]=n[r](s);return i}}var Dr=/[-+]?(?:\d+\.?\d*|\.?\d+)(?:[eE][-+]?\d+)?/g,Lr=new RegExp(Dr.source,"g");function wf(t){return function(){return t}}function xf(t){return function(e){return t(e)+""}}function Hr(t,e){var n=Dr.lastIndex=Lr.lastIndex=0,i,r,s,o=-1,a=[],l=[];for(t=t+"",e=e+"";(i=Dr.exec(t))&&(r=Lr.exec(e));)(s=r.index)>n&&(s=e.slice(n,s),a[o]?a[o]+=s:a[++o]=s),(i=i[0])===(r=r[0])?a[o]?a[o]+=r:a[++o]=r:(a[++o]=null,l.push({i:o,x:ht(i,r)})),n=Lr.lastIndex;return n<e.length&&(s=e.slice(n),a[o]?a[o]+=s:a[++o]=s),a.length<2?l[0]?xf(l[0].x):wf(e):(e=l.length,function(u){for(var c=0,h;c<e;++c)a[(h=l[c]).i]=h.x(u);return a.join("")})}function _e(t,e){var n=typeof e,i;return e==null||n==="boolean"?gi(e):(n==="number"?ht:n==="string"?(i=At(e))?(e=i,an):Hr:e instanceof At?an:e instanceof Date?yf:_f(e)?gf:Array.isArray(e)?bf:typeof e.valueOf!="function"&&typeof e.toString!="function"||isNaN(e)?vf:ht)(t,e)}function Ha(t,e){return t=+t,e=+e,function(n){return Math.round(t*(1-n)+e*n)}}var za=180/Math.PI,Fr={translateX:0,translateY:0,rotate:0,skewX:0,scaleX:1,scaleY:1};function qa(t,e,n,i,r,s){var o,a,l;return(o=Math.sqrt(t*t+e*e))&&(t/=o,e/=o),(l=t*n+e*i)&&(n-=t*l,i-=e*l),(a=Math.sqrt(n*n+i*i))&&(n/=a,i/=a,l/=a),t*i<e*n&&(t=-t,e=-e,l=-l,o=-o),{translateX:r,translateY:s,rotate:Math.atan2(e,t)*za,skewX:Math.atan(l)*za,scaleX:o,scaleY:a}}var mi;function $f(t){let e=new(typeof DOMMatrix=="function"?DOMMatrix:WebKitCSSMatrix)(t+"");return e.isIdentity?Fr:qa(e.a,e.b,e.c,e.d,e.e,e.f)}function Sf(t){return t==null||(mi||(mi=document.createElementNS("http://www.w3.org/2000/svg","g")),mi.setAttribute("transform",t),!(t=mi.transform.baseVal.consolidate()))?Fr:(t=t.matrix,qa(t.a,t.b,t.c,t.d,t.e,t.f))}function Ua(t,e,n,i){function r(u){return u.length?u.pop()+" ":""}function s(u,c,h,f,d,m){if(u!==h||c!==f){var g=d.push("translate(",null,e,null,n);m.push({i:g-4,x:ht(u,h)},{i:g-2,x:ht(c,f)})}else(h||f)&&d.push("translate("+h+e+f+n)}function o(u,c,h,f){u!==c?(u-c>180?c+=360:c-u>180&&(u+=360),f.push({i:h.push(r(h)+"rotate(",null,i)-2,x:ht(u,c)})):c&&h.push(r(h)+"rotate("+c+i)}function a(u,c,h,f){u!==c?f.push({i:h.push(r(h)+"skewX(",null,i)-2,x:ht(u,c)}):c&&h.push(r(h)+"skewX("+c+i)}function l(u,c,h,f,d,m){if(u!==h||c!==f){var g=d.push(r(d)+"scale(",null,",",null,")");m.push({i:g-4,x:ht(u,h)},{i:g-2,x:ht(c,f)})}else(h!==1||f!==1)&&d.push(r(d)+"scale("+h+","+f+")")}return function(u,c){var h=[],f=[];return u=t(u),c=t(c),s(u.translateX,u.translateY,c.translateX,c.translateY,h,f),o(u.rotate,c.rotate,h,f),a(u.skewX,c.skewX,h,f),l(u.scaleX,u.scaleY,c.scaleX,c.scaleY,h,f),u=c=null,function(d){for(var m=-1,g=f.length,p;++m<g;)h[(p=f[m]).i]=p.x(d);return h.join("")}}}var Ba=Ua($f,"px, ","px)","deg)"),ja=Ua(Sf,", ",")",")"),Mf=1e-12;function La(t){return((t=Math.exp(t))+1/t)/2}function Ef(t){return((t=Math.exp(t))-1/t)/2}function kf(t){return((t=Math.exp(2*t))-1)/(t+1)}var U_=(function t(e,n,i){function r(s,o){var a=s[0],l=s[1],u=s[2],c=o[0],h=o[1],f=o[2],d=c-a,m=h-l,g=d*d+m*m,p,_;if(g<Mf)_=Math.log(f/u)/e,p=function(P){return[a+P*d,l+P*m,u*Math.exp(e*P*_)]};else{var y=Math.sqrt(g),v=(f*f-u*u+i*g)/(2*u*n*y),$=(f*f-u*u-i*g)/(2*f*n*y),M=Math.log(Math.sqrt(v*v+1)-v),A=Math.log(Math.sqrt($*$+1)-$);_=(A-M)/e,p=function(P){var O=P*_,V=La(M),C=u/(n*y)*(V*kf(e*O+M)-Ef(M));return[a+C*d,l+C*m,u*V/La(e*O+M)]}}return p.duration=Math.abs(_)*1e3*e/Math.SQRT2,p}return r.rho=function(s){var o=Math.max(.001,+s),a=o*o,l=a*a;return t(o,a,l)},r})(Math.SQRT2,2,4);function Wa(t){return function(e,n){var i=t((e=hi(e)).h,(n=hi(n)).h),r=st(e.s,n.s),s=st(e.l,n.l),o=st(e.opacity,n.opacity);return function(a){return e.h=i(a),e.s=r(a),e.l=s(a),e.opacity=o(a),e+""}}}var B_=Wa(Vr),j_=Wa(st);function Xa(t){return function(e,n){var i=t((e=fi(e)).h,(n=fi(n)).h),r=st(e.c,n.c),s=st(e.l,n.l),o=st(e.opacity,n.opacity);return function(a){return e.h=i(a),e.c=r(a),e.l=s(a),e.opacity=o(a),e+""}}}var W_=Xa(Vr),X_=Xa(st);function Ka(t){return(function e(n){n=+n;function i(r,s){var o=t((r=pi(r)).h,(s=pi(s)).h),a=st(r.s,s.s),l=st(r.l,s.l),u=st(r.opacity,s.opacity);return function(c){return r.h=o(c),r.s=a(c),r.l=l(Math.pow(c,n)),r.opacity=u(c),r+""}}return i.gamma=e,i})(1)}var K_=Ka(Vr),G_=Ka(st);var be=0,un=0,ln=0,Ya=1e3,_i,cn,bi=0,re=0,vi=0,hn=typeof performance=="object"&&performance.now?performance:Date,Qa=typeof window=="object"&&window.requestAnimationFrame?window.requestAnimationFrame.bind(window):function(t){setTimeout(t,17)};function wi(){return re||(Qa(Af),re=hn.now()+vi)}function Af(){re=0}function yi(){this._call=this._time=this._next=null}yi.prototype=Ur.prototype={constructor:yi,restart:function(t,e,n){if(typeof t!="function")throw new TypeError("callback is not a function");n=(n==null?wi():+n)+(e==null?0:+e),!this._next&&cn!==this&&(cn?cn._next=this:_i=this,cn=this),this._call=t,this._time=n,qr()},stop:function(){this._call&&(this._call=null,this._time=1/0,qr())}};function Ur(t,e,n){var i=new yi;return i.restart(t,e,n),i}function Cf(){wi(),++be;for(var t=_i,e;t;)(e=re-t._time)>=0&&t._call.call(void 0,e),t=t._next;--be}function Ga(){re=(bi=hn.now())+vi,be=un=0;try{Cf()}finally{be=0,Rf(),re=0}}function Tf(){var t=hn.now(),e=t-bi;e>Ya&&(vi-=e,bi=t)}function Rf(){for(var t,e=_i,n,i=1/0;e;)e._call?(i>e._time&&(i=e._time),t=e,e=e._next):(n=e._next,e._next=null,e=t?t._next=n:_i=n);cn=t,qr(i)}function qr(t){if(!be){un&&(un=clearTimeout(un));var e=t-re;e>24?(t<1/0&&(un=setTimeout(Ga,Math.ceil(t-hn.now()-vi)+1)),ln&&(ln=clearInterval(ln))):(ln||(bi=hn.now(),ln=setInterval(Tf,Ya)),be=1,Qa(Ga))}}function Br(t,e,n){var i=new yi;return e=e==null?0:+e,i.restart(r=>{i.stop(),t(r+e)},e,n),i}function Ja(t){return((t*=2)<=1?t*t*t:(t-=2)*t*t+2)/2}var jr=3,Z_=(function t(e){e=+e;function n(i){return Math.pow(i,e)}return n.exponent=t,n})(jr),J_=(function t(e){e=+e;function n(i){return 1-Math.pow(1-i,e)}return n.exponent=t,n})(jr),t0=(function t(e){e=+e;function n(i){return((i*=2)<=1?Math.pow(i,e):2-Math.pow(2-i,e))/2}return n.exponent=t,n})(jr),Pf=Math.PI,e0=Pf/2;function xi(t){return(Math.pow(2,-10*t)-.0009765625)*1.0009775171065494}var Za=4/11,n0=6/11,i0=8/11,r0=3/4,s0=9/11,o0=10/11,a0=15/16,l0=21/22,u0=63/64,c0=1/Za/Za;var Wr=1.70158,h0=(function t(e){e=+e;function n(i){return(i=+i)*i*(e*(i-1)+i)}return n.overshoot=t,n})(Wr),f0=(function t(e){e=+e;function n(i){return--i*i*((i+1)*e+i)+1}return n.overshoot=t,n})(Wr),d0=(function t(e){e=+e;function n(i){return((i*=2)<1?i*i*((e+1)*i-e):(i-=2)*i*((e+1)*i+e)+2)/2}return n.overshoot=t,n})(Wr),ye=2*Math.PI,Xr=1,Kr=.3,p0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=ye);function r(s){return e*xi(- --s)*Math.sin((i-s)/n)}return r.amplitude=function(s){return t(s,n*ye)},r.period=function(s){return t(e,s)},r})(Xr,Kr),m0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=ye);function r(s){return 1-e*xi(s=+s)*Math.sin((s+i)/n)}return r.amplitude=function(s){return t(s,n*ye)},r.period=function(s){return t(e,s)},r})(Xr,Kr),g0=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=ye);function r(s){return((s=s*2-1)<0?e*xi(-s)*Math.sin((i-s)/n):2-e*xi(s)*Math.sin((i+s)/n))/2}return r.amplitude=function(s){return t(s,n*ye)},r.period=function(s){return t(e,s)},r})(Xr,Kr);var Of=tn("start","end","cancel","interrupt"),Nf=[],nl=0,tl=1,Gr=2,$i=3,el=4,Yr=5,Si=6;function Mi(t,e,n,i,r,s){var o=t.__transition;if(!o)t.__transition={};else if(n in o)return;If(t,n,{name:e,index:i,group:r,on:Of,tween:Nf,time:s.time,delay:s.delay,duration:s.duration,ease:s.ease,timer:null,state:nl})}function Qr(t,e){var n=gt(t,e);if(n.state>nl)throw new Error("too late; already scheduled");return n}function wt(t,e){var n=gt(t,e);if(n.state>$i)throw new Error("too late; already running");return n}function gt(t,e){var n=t.__transition;if(!n||!(n=n[e]))throw new Error("transition not found");return n}function If(t,e,n){var i=t.__transition,r;i[e]=n,n.timer=Ur(s,0,n.time);function s(u){n.state=tl,n.timer.restart(o,n.delay,n.time),n.delay<=u&&o(u-n.delay)}function o(u){var c,h,f,d;if(n.state!==tl)return l();for(c in i)if(d=i[c],d.name===n.name){if(d.state===$i)return Br(o);d.state===el?(d.state=Si,d.timer.stop(),d.on.call("interrupt",t,t.__data__,d.index,d.group),delete i[c]):+c<e&&(d.state=Si,d.timer.stop(),d.on.call("cancel",t,t.__data__,d.index,d.group),delete i[c])}if(Br(function(){n.state===$i&&(n.state=el,n.timer.restart(a,n.delay,n.time),a(u))}),n.state=Gr,n.on.call("start",t,t.__data__,n.index,n.group),n.state===Gr){for(n.state=$i,r=new Array(f=n.tween.length),c=0,h=-1;c<f;++c)(d=n.tween[c].value.call(t,t.__data__,n.index,n.group))&&(r[++h]=d);r.length=h+1}}function a(u){for(var c=u<n.duration?n.ease.call(null,u/n.duration):(n.timer.restart(l),n.state=Yr,1),h=-1,f=r.length;++h<f;)r[h].call(t,c);n.state===Yr&&(n.on.call("end",t,t.__data__,n.index,n.group),l())}function l(){n.state=Si,n.timer.stop(),delete i[e];for(var u in i)return;delete t.__transition}}function Ei(t,e){var n=t.__transition,i,r,s=!0,o;if(n){e=e==null?null:e+"";for(o in n){if((i=n[o]).name!==e){s=!1;continue}r=i.state>Gr&&i.state<Yr,i.state=Si,i.timer.stop(),i.on.call(r?"interrupt":"cancel",t,t.__data__,i.index,i.group),delete n[o]}s&&delete t.__transition}}function zf(t){return this.each(function(){Ei(this,t)})}function Lf(t,e){var n,i;return function(){var r=wt(this,t),s=r.tween;if(s!==n){i=n=s;for(var o=0,a=i.length;o<a;++o)if(i[o].name===e){i=i.slice(),i.splice(o,1);break}}r.tween=i}}function Df(t,e,n){var i,r;if(typeof n!="function")throw new Error;return function(){var s=wt(this,t),o=s.tween;if(o!==i){r=(i=o).slice();for(var a={name:e,value:n},l=0,u=r.length;l<u;++l)if(r[l].name===e){r[l]=a;break}l===u&&r.push(a)}s.tween=r}}function Ff(t,e){var n=this._id;if(t+="",arguments.length<2){for(var i=gt(this.node(),n).tween,r=0,s=i.length,o;r<s;++r)if((o=i[r]).name===t)return o.value;return null}return this.each((e==null?Lf:Df)(n,t,e))}function Zr(t,e,n){var i=t._id;return t.each(function(){var r=wt(this,i);(r.value||(r.value={}))[e]=n.apply(this,arguments)}),function(r){return gt(r,i).value[e]}}function il(t,e){var n;return(typeof e=="number"?ht:e instanceof At?an:(n=At(e))?(e=n,an):Hr)(t,e)}function Vf(t){return function(){this.removeAttribute(t)}}function Hf(t){return function(){this.removeAttributeNS(t.space,t.local)}}function qf(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttribute(t);return o===r?null:o===i?s:s=e(i=o,n)}}function Uf(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttributeNS(t.space,t.local);return o===r?null:o===i?s:s=e(i=o,n)}}function Bf(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttribute(t):(o=this.getAttribute(t),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function jf(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttributeNS(t.space,t.local):(o=this.getAttributeNS(t.space,t.local),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function Wf(t,e){var n=en(t),i=n==="transform"?ja:il;return this.attrTween(t,typeof e=="function"?(n.local?jf:Bf)(n,i,Zr(this,"attr."+t,e)):e==null?(n.local?Hf:Vf)(n):(n.local?Uf:qf)(n,i,e))}function Xf(t,e){return function(n){this.setAttribute(t,e.call(this,n))}}function Kf(t,e){return function(n){this.setAttributeNS(t.space,t.local,e.call(this,n))}}function Gf(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Kf(t,s)),n}return r._value=e,r}function Yf(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Xf(t,s)),n}return r._value=e,r}function Qf(t,e){var n="attr."+t;if(arguments.length<2)return(n=this.tween(n))&&n._value;if(e==null)return this.tween(n,null);if(typeof e!="function")throw new Error;var i=en(t);return this.tween(n,(i.local?Gf:Yf)(i,e))}function Zf(t,e){return function(){Qr(this,t).delay=+e.apply(this,arguments)}}function Jf(t,e){return e=+e,function(){Qr(this,t).delay=e}}function td(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?Zf:Jf)(e,t)):gt(this.node(),e).delay}function ed(t,e){return function(){wt(this,t).duration=+e.apply(this,arguments)}}function nd(t,e){return e=+e,function(){wt(this,t).duration=e}}function id(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?ed:nd)(e,t)):gt(this.node(),e).duration}function rd(t,e){if(typeof e!="function")throw new Error;return function(){wt(this,t).ease=e}}function sd(t){var e=this._id;return arguments.length?this.each(rd(e,t)):gt(this.node(),e).ease}function od(t,e){return function(){var n=e.apply(this,arguments);if(typeof n!="function")throw new Error;wt(this,t).ease=n}}function ad(t){if(typeof t!="function")throw new Error;return this.each(od(this._id,t))}function ld(t){typeof t!="function"&&(t=Mr(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new Tt(i,this._parents,this._name,this._id)}function ud(t){if(t._id!==this._id)throw new Error;for(var e=this._groups,n=t._groups,i=e.length,r=n.length,s=Math.min(i,r),o=new Array(i),a=0;a<s;++a)for(var l=e[a],u=n[a],c=l.length,h=o[a]=new Array(c),f,d=0;d<c;++d)(f=l[d]||u[d])&&(h[d]=f);for(;a<i;++a)o[a]=e[a];return new Tt(o,this._parents,this._name,this._id)}function cd(t){return(t+"").trim().split(/^|\s+/).every(function(e){var n=e.indexOf(".");return n>=0&&(e=e.slice(0,n)),!e||e==="start"})}function hd(t,e,n){var i,r,s=cd(e)?Qr:wt;return function(){var o=s(this,t),a=o.on;a!==i&&(r=(i=a).copy()).on(e,n),o.on=r}}function fd(t,e){var n=this._id;return arguments.length<2?gt(this.node(),n).on.on(t):this.each(hd(n,t,e))}function dd(t){return function(){var e=this.parentNode;for(var n in this.__transition)if(+n!==t)return;e&&e.removeChild(this)}}function pd(){return this.on("end.remove",dd(this._id))}function md(t){var e=this._name,n=this._id;typeof t!="function"&&(t=si(t));for(var i=this._groups,r=i.length,s=new Array(r),o=0;o<r;++o)for(var a=i[o],l=a.length,u=s[o]=new Array(l),c,h,f=0;f<l;++f)(c=a[f])&&(h=t.call(c,c.__data__,f,a))&&("__data__"in c&&(h.__data__=c.__data__),u[f]=h,Mi(u[f],e,n,f,u,gt(c,n)));return new Tt(s,this._parents,e,n)}function gd(t){var e=this._name,n=this._id;typeof t!="function"&&(t=Sr(t));for(var i=this._groups,r=i.length,s=[],o=[],a=0;a<r;++a)for(var l=i[a],u=l.length,c,h=0;h<u;++h)if(c=l[h]){for(var f=t.call(c,c.__data__,h,l),d,m=gt(c,n),g=0,p=f.length;g<p;++g)(d=f[g])&&Mi(d,e,n,g,f,m);s.push(f),o.push(c)}return new Tt(s,o,e,n)}var _d=Jt.prototype.constructor;function bd(){return new _d(this._groups,this._parents)}function yd(t,e){var n,i,r;return function(){var s=Zt(this,t),o=(this.style.removeProperty(t),Zt(this,t));return s===o?null:s===n&&o===i?r:r=e(n=s,i=o)}}function rl(t){return function(){this.style.removeProperty(t)}}function vd(t,e,n){var i,r=n+"",s;return function(){var o=Zt(this,t);return o===r?null:o===i?s:s=e(i=o,n)}}function wd(t,e,n){var i,r,s;return function(){var o=Zt(this,t),a=n(this),l=a+"";return a==null&&(l=a=(this.style.removeProperty(t),Zt(this,t))),o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a))}}function xd(t,e){var n,i,r,s="style."+e,o="end."+s,a;return function(){var l=wt(this,t),u=l.on,c=l.value[s]==null?a||(a=rl(e)):void 0;(u!==n||r!==c)&&(i=(n=u).copy()).on(o,r=c),l.on=i}}function $d(t,e,n){var i=(t+="")=="transform"?Ba:il;return e==null?this.styleTween(t,yd(t,i)).on("end.style."+t,rl(t)):typeof e=="function"?this.styleTween(t,wd(t,i,Zr(this,"style."+t,e))).each(xd(this._id,t)):this.styleTween(t,vd(t,i,e),n).on("end.style."+t,null)}function Sd(t,e,n){return function(i){this.style.setProperty(t,e.call(this,i),n)}}function Md(t,e,n){var i,r;function s(){var o=e.apply(this,arguments);return o!==r&&(i=(r=o)&&Sd(t,o,n)),i}return s._value=e,s}function Ed(t,e,n){var i="style."+(t+="");if(arguments.length<2)return(i=this.tween(i))&&i._value;if(e==null)return this.tween(i,null);if(typeof e!="function")throw new Error;return this.tween(i,Md(t,e,n??""))}function kd(t){return function(){this.textContent=t}}function Ad(t){return function(){var e=t(this);this.textContent=e??""}}function Cd(t){return this.tween("text",typeof t=="function"?Ad(Zr(this,"text",t)):kd(t==null?"":t+""))}function Td(t){return function(e){this.textContent=t.call(this,e)}}function Rd(t){var e,n;function i(){var r=t.apply(this,arguments);return r!==n&&(e=(n=r)&&Td(r)),e}return i._value=t,i}function Pd(t){var e="text";if(arguments.length<1)return(e=this.tween(e))&&e._value;if(t==null)return this.tween(e,null);if(typeof t!="function")throw new Error;return this.tween(e,Rd(t))}function Od(){for(var t=this._name,e=this._id,n=sl(),i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)if(l=o[u]){var c=gt(l,e);Mi(l,t,n,u,o,{time:c.time+c.delay+c.duration,delay:0,duration:c.duration,ease:c.ease})}return new Tt(i,this._parents,t,n)}function Nd(){var t,e,n=this,i=n._id,r=n.size();return new Promise(function(s,o){var a={value:o},l={value:function(){--r===0&&s()}};n.each(function(){var u=wt(this,i),c=u.on;c!==t&&(e=(t=c).copy(),e._.cancel.push(a),e._.interrupt.push(a),e._.end.push(l)),u.on=e}),r===0&&s()})}var Id=0;function Tt(t,e,n,i){this._groups=t,this._parents=e,this._name=n,this._id=i}function zd(t){return Jt().transition(t)}function sl(){return++Id}var Ct=Jt.prototype;Tt.prototype=zd.prototype={constructor:Tt,select:md,selectAll:gd,selectChild:Ct.selectChild,selectChildren:Ct.selectChildren,filter:ld,merge:ud,selection:bd,transition:Od,call:Ct.call,nodes:Ct.nodes,node:Ct.node,size:Ct.size,empty:Ct.empty,each:Ct.each,on:fd,attr:Wf,attrTween:Qf,style:$d,styleTween:Ed,text:Cd,textTween:Pd,remove:pd,tween:Ff,delay:td,duration:id,ease:sd,easeVarying:ad,end:Nd,[Symbol.iterator]:Ct[Symbol.iterator]};var Ld={time:null,delay:0,duration:250,ease:Ja};function Dd(t,e){for(var n;!(n=t.__transition)||!(n=n[e]);)if(!(t=t.parentNode))throw new Error(`transition ${e} not found`);return n}function Fd(t){var e,n;t instanceof Tt?(e=t._id,t=t._name):(e=sl(),(n=Ld).time=wi(),t=t==null?null:t+"");for(var i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&Mi(l,t,e,u,o,n||Dd(l,e));return new Tt(i,this._parents,t,e)}Jt.prototype.interrupt=zf;Jt.prototype.transition=Fd;var Jr=t=>()=>t;function Vd(t,{sourceEvent:e,target:n,selection:i,mode:r,dispatch:s}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},target:{value:n,enumerable:!0,configurable:!0},selection:{value:i,enumerable:!0,configurable:!0},mode:{value:r,enumerable:!0,configurable:!0},_:{value:s}})}function Hd(t){t.stopImmediatePropagation()}function ts(t){t.preventDefault(),t.stopImmediatePropagation()}var ol={name:"drag"},es={name:"space"},ve={name:"handle"},we={name:"center"},{abs:al,max:J,min:tt}=Math;function ll(t){return[+t[0],+t[1]]}function rs(t){return[ll(t[0]),ll(t[1])]}var ki={name:"x",handles:["w","e"].map(fn),input:function(t,e){return t==null?null:[[+t[0],e[0][1]],[+t[1],e[1][1]]]},output:function(t){return t&&[t[0][0],t[1][0]]}},ns={name:"y",handles:["n","s"].map(fn),input:function(t,e){return t==null?null:[[e[0][0],+t[0]],[e[1][0],+t[1]]]},output:function(t){return t&&[t[0][1],t[1][1]]}},T0={name:"xy",handles:["n","w","e","s","nw","ne","sw","se"].map(fn),input:function(t){return t==null?null:rs(t)},output:function(t){return t}},Rt={overlay:"crosshair",selection:"move",n:"ns-resize",e:"ew-resize",s:"ns-resize",w:"ew-resize",nw:"nwse-resize",ne:"nesw-resize",se:"nwse-resize",sw:"nesw-resize"},ul={e:"w",w:"e",nw:"ne",ne:"nw",se:"sw",sw:"se"},cl={n:"s",s:"n",nw:"sw",ne:"se",se:"ne",sw:"nw"},qd={overlay:1,selection:1,n:null,e:1,s:null,w:-1,nw:-1,ne:1,se:1,sw:-1},Ud={overlay:1,selection:1,n:-1,e:null,s:1,w:null,nw:-1,ne:-1,se:1,sw:1};function fn(t){return{type:t}}function Bd(t){return!t.ctrlKey&&!t.button}function jd(){var t=this.ownerSVGElement||this;return t.hasAttribute("viewBox")?(t=t.viewBox.baseVal,[[t.x,t.y],[t.x+t.width,t.y+t.height]]):[[0,0],[t.width.baseVal.value,t.height.baseVal.value]]}function Wd(){return navigator.maxTouchPoints||"ontouchstart"in this}function is(t){for(;!t.__brush;)if(!(t=t.parentNode))return;return t.__brush}function Xd(t){return t[0][0]===t[1][0]||t[0][1]===t[1][1]}function hl(){return Kd(ki)}function Kd(t){var e=jd,n=Bd,i=Wd,r=!0,s=tn("start","brush","end"),o=6,a;function l(p){var _=p.property("__brush",g).selectAll(".overlay").data([fn("overlay")]);_.enter().append("rect").attr("class","overlay").attr("pointer-events","all").attr("cursor",Rt.overlay).merge(_).each(function(){var v=is(this).extent;nt(this).attr("x",v[0][0]).attr("y",v[0][1]).attr("width",v[1][0]-v[0][0]).attr("height",v[1][1]-v[0][1])}),p.selectAll(".selection").data([fn("selection")]).enter().append("rect").attr("class","selection").attr("cursor",Rt.selection).attr("fill","#777").attr("fill-opacity",.3).attr("stroke","#fff").attr("shape-rendering","crispEdges");var y=p.selectAll(".handle").data(t.handles,function(v){return v.type});y.exit().remove(),y.enter().append("rect").attr("class",function(v){return"handle handle--"+v.type}).attr("cursor",function(v){return Rt[v.type]}),p.each(u).attr("fill","none").attr("pointer-events","all").on("mousedown.brush",f).filter(i).on("touchstart.brush",f).on("touchmove.brush",d).on("touchend.brush touchcancel.brush",m).style("touch-action","none").style("-webkit-tap-highlight-color","rgba(0,0,0,0)")}l.move=function(p,_,y){p.tween?p.on("start.brush",function(v){c(this,arguments).beforestart().start(v)}).on("interrupt.brush end.brush",function(v){c(this,arguments).end(v)}).tween("brush",function(){var v=this,$=v.__brush,M=c(v,arguments),A=$.selection,P=t.input(typeof _=="function"?_.apply(this,arguments):_,$.extent),O=_e(A,P);function V(C){$.selection=C===1&&P===null?null:O(C),u.call(v),M.brush()}return A!==null&&P!==null?V:V(1)}):p.each(function(){var v=this,$=arguments,M=v.__brush,A=t.input(typeof _=="function"?_.apply(v,$):_,M.extent),P=c(v,$).beforestart();Ei(v),M.selection=A===null?null:A,u.call(v),P.start(y).brush(y).end(y)})},l.clear=function(p,_){l.move(p,null,_)};function u(){var p=nt(this),_=is(this).selection;_?(p.selectAll(".selection").style("display",null).attr("x",_[0][0]).attr("y",_[0][1]).attr("width",_[1][0]-_[0][0]).attr("height",_[1][1]-_[0][1]),p.selectAll(".handle").style("display",null).attr("x",function(y){return y.type[y.type.length-1]==="e"?_[1][0]-o/2:_[0][0]-o/2}).attr("y",function(y){return y.type[0]==="s"?_[1][1]-o/2:_[0][1]-o/2}).attr("width",function(y){return y.type==="n"||y.type==="s"?_[1][0]-_[0][0]+o:o}).attr("height",function(y){return y.type==="e"||y.type==="w"?_[1][1]-_[0][1]+o:o})):p.selectAll(".selection,.handle").style("display","none").attr("x",null).attr("y",null).attr("width",null).attr("height",null)}function c(p,_,y){var v=p.__brush.emitter;return v&&(!y||!v.clean)?v:new h(p,_,y)}function h(p,_,y){this.that=p,this.args=_,this.state=p.__brush,this.active=0,this.clean=y}h.prototype={beforestart:function(){return++this.active===1&&(this.state.emitter=this,this.starting=!0),this},start:function(p,_){return this.starting?(this.starting=!1,this.emit("start",p,_)):this.emit("brush",p),this},brush:function(p,_){return this.emit("brush",p,_),this},end:function(p,_){return--this.active===0&&(delete this.state.emitter,this.emit("end",p,_)),this},emit:function(p,_,y){var v=nt(this.that).datum();s.call(p,this.that,new Vd(p,{sourceEvent:_,target:l,selection:t.output(this.state.selection),mode:y,dispatch:s}),v)}};function f(p){if(a&&!p.touches||!n.apply(this,arguments))return;var _=this,y=p.target.__data__.type,v=(r&&p.metaKey?y="overlay":y)==="selection"?ol:r&&p.altKey?we:ve,$=t===ns?null:qd[y],M=t===ki?null:Ud[y],A=is(_),P=A.extent,O=A.selection,V=P[0][0],C,I,S=P[0][1],T,R,et=P[1][0],B,H,at=P[1][1],q,N,j=0,W=0,Vi,wn=$&&M&&r&&p.shiftKey,xn,$n,rt=Array.from(p.touches||[p],k=>{let X=k.identifier;return k=oi(k,_),k.point0=k.slice(),k.identifier=X,k});Ei(_);var Ce=c(_,arguments,!0).beforestart();if(y==="overlay"){O&&(Vi=!0);let k=[rt[0],rt[1]||rt[0]];A.selection=O=[[C=t===ns?V:tt(k[0][0],k[1][0]),T=t===ki?S:tt(k[0][1],k[1][1])],[B=t===ns?et:J(k[0][0],k[1][0]),q=t===ki?at:J(k[0][1],k[1][1])]],rt.length>1&&Ht(p)}else C=O[0][0],T=O[0][1],B=O[1][0],q=O[1][1];I=C,R=T,H=B,N=q;var Ss=nt(_).attr("pointer-events","none"),Te=Ss.selectAll(".overlay").attr("cursor",Rt[y]);if(p.touches)Ce.moved=Es,Ce.ended=ks;else{var Ms=nt(p.view).on("mousemove.brush",Es,!0).on("mouseup.brush",ks,!0);r&&Ms.on("keydown.brush",yu,!0).on("keyup.brush",vu,!0),ha(p.view)}u.call(_),Ce.start(p,v.name);function Es(k){for(let X of k.changedTouches||[k])for(let Re of rt)Re.identifier===X.identifier&&(Re.cur=oi(X,_));if(wn&&!xn&&!$n&&rt.length===1){let X=rt[0];al(X.cur[0]-X[0])>al(X.cur[1]-X[1])?$n=!0:xn=!0}for(let X of rt)X.cur&&(X[0]=X.cur[0],X[1]=X.cur[1]);Vi=!0,ts(k),Ht(k)}function Ht(k){let X=rt[0],Re=X.point0;var Pt;switch(j=X[0]-Re[0],W=X[1]-Re[1],v){case es:case ol:{$&&(j=J(V-C,tt(et-B,j)),I=C+j,H=B+j),M&&(W=J(S-T,tt(at-q,W)),R=T+W,N=q+W);break}case ve:{rt[1]?($&&(I=J(V,tt(et,rt[0][0])),H=J(V,tt(et,rt[1][0])),$=1),M&&(R=J(S,tt(at,rt[0][1])),N=J(S,tt(at,rt[1][1])),M=1)):($<0?(j=J(V-C,tt(et-C,j)),I=C+j,H=B):$>0&&(j=J(V-B,tt(et-B,j)),I=C,H=B+j),M<0?(W=J(S-T,tt(at-T,W)),R=T+W,N=q):M>0&&(W=J(S-q,tt(at-q,W)),R=T,N=q+W));break}case we:{$&&(I=J(V,tt(et,C-j*$)),H=J(V,tt(et,B+j*$))),M&&(R=J(S,tt(at,T-W*M)),N=J(S,tt(at,q+W*M)));break}}H<I&&($*=-1,Pt=C,C=B,B=Pt,Pt=I,I=H,H=Pt,y in ul&&Te.attr("cursor",Rt[y=ul[y]])),N<R&&(M*=-1,Pt=T,T=q,q=Pt,Pt=R,R=N,N=Pt,y in cl&&Te.attr("cursor",Rt[y=cl[y]])),A.selection&&(O=A.selection),xn&&(I=O[0][0],H=O[1][0]),$n&&(R=O[0][1],N=O[1][1]),(O[0][0]!==I||O[0][1]!==R||O[1][0]!==H||O[1][1]!==N)&&(A.selection=[[I,R],[H,N]],u.call(_),Ce.brush(k,v.name))}function ks(k){if(Hd(k),k.touches){if(k.touches.length)return;a&&clearTimeout(a),a=setTimeout(function(){a=null},500)}else fa(k.view,Vi),Ms.on("keydown.brush keyup.brush mousemove.brush mouseup.brush",null);Ss.attr("pointer-events","all"),Te.attr("cursor",Rt.overlay),A.selection&&(O=A.selection),Xd(O)&&(A.selection=null,u.call(_)),Ce.end(k,v.name)}function yu(k){switch(k.keyCode){case 16:{wn=$&&M;break}case 18:{v===ve&&($&&(B=H-j*$,C=I+j*$),M&&(q=N-W*M,T=R+W*M),v=we,Ht(k));break}case 32:{(v===ve||v===we)&&($<0?B=H-j:$>0&&(C=I-j),M<0?q=N-W:M>0&&(T=R-W),v=es,Te.attr("cursor",Rt.selection),Ht(k));break}default:return}ts(k)}function vu(k){switch(k.keyCode){case 16:{wn&&(xn=$n=wn=!1,Ht(k));break}case 18:{v===we&&($<0?B=H:$>0&&(C=I),M<0?q=N:M>0&&(T=R),v=ve,Ht(k));break}case 32:{v===es&&(k.altKey?($&&(B=H-j*$,C=I+j*$),M&&(q=N-W*M,T=R+W*M),v=we):($<0?B=H:$>0&&(C=I),M<0?q=N:M>0&&(T=R),v=ve),Te.attr("cursor",Rt[y]),Ht(k));break}default:return}ts(k)}}function d(p){c(this,arguments).moved(p)}function m(p){c(this,arguments).ended(p)}function g(){var p=this.__brush||{selection:null};return p.extent=rs(e.apply(this,arguments)),p.dim=t,p}return l.extent=function(p){return arguments.length?(e=typeof p=="function"?p:Jr(rs(p)),l):e},l.filter=function(p){return arguments.length?(n=typeof p=="function"?p:Jr(!!p),l):n},l.touchable=function(p){return arguments.length?(i=typeof p=="function"?p:Jr(!!p),l):i},l.handleSize=function(p){return arguments.length?(o=+p,l):o},l.keyModifiers=function(p){return arguments.length?(r=!!p,l):r},l.on=function(){var p=s.on.apply(s,arguments);return p===s?l:p},l}function dn(t,e){return t==null||e==null?NaN:t<e?-1:t>e?1:t>=e?0:NaN}function Gd(t,e){return t==null||e==null?NaN:e<t?-1:e>t?1:e>=t?0:NaN}function dl(t){let e,n,i;t.length!==2?(e=dn,n=(a,l)=>dn(t(a),l),i=(a,l)=>t(a)-l):(e=t===dn||t===Gd?t:Yd,n=t,i=t);function r(a,l,u=0,c=a.length){if(u<c){if(e(l,l)!==0)return c;do{let h=u+c>>>1;n(a[h],l)<0?u=h+1:c=h}while(u<c)}return u}function s(a,l,u=0,c=a.length){if(u<c){if(e(l,l)!==0)return c;do{let h=u+c>>>1;n(a[h],l)<=0?u=h+1:c=h}while(u<c)}return u}function o(a,l,u=0,c=a.length){let h=r(a,l,u,c-1);return h>u&&i(a[h-1],l)>-i(a[h],l)?h-1:h}return{left:r,center:o,right:s}}function Yd(){return 0}function Qd(t){return t===null?NaN:+t}var pl=dl(dn),ml=pl.right,P0=pl.left,O0=dl(Qd).center;var N0=gl(_l),I0=gl(Zd);function gl(t){return function(e,n,i=n){if(!((n=+n)>=0))throw new RangeError("invalid rx");if(!((i=+i)>=0))throw new RangeError("invalid ry");let{data:r,width:s,height:o}=e;if(!((s=Math.floor(s))>=0))throw new RangeError("invalid width");if(!((o=Math.floor(o!==void 0?o:r.length/s))>=0))throw new RangeError("invalid height");if(!s||!o||!n&&!i)return e;let a=n&&t(n),l=i&&t(i),u=r.slice();return a&&l?(xe(a,u,r,s,o),xe(a,r,u,s,o),xe(a,u,r,s,o),$e(l,r,u,s,o),$e(l,u,r,s,o),$e(l,r,u,s,o)):a?(xe(a,r,u,s,o),xe(a,u,r,s,o),xe(a,r,u,s,o)):l&&($e(l,r,u,s,o),$e(l,u,r,s,o),$e(l,r,u,s,o)),e}}function xe(t,e,n,i,r){for(let s=0,o=i*r;s<o;)t(e,n,s,s+=i,1)}function $e(t,e,n,i,r){for(let s=0,o=i*r;s<i;++s)t(e,n,s,s+o,i)}function Zd(t){let e=_l(t);return(n,i,r,s,o)=>{r<<=2,s<<=2,o<<=2,e(n,i,r+0,s+0,o),e(n,i,r+1,s+1,o),e(n,i,r+2,s+2,o),e(n,i,r+3,s+3,o)}}function _l(t){let e=Math.floor(t);if(e===t)return Jd(t);let n=t-e,i=2*t+1;return(r,s,o,a,l)=>{if(!((a-=l)>=o))return;let u=e*s[o],c=l*e,h=c+l;for(let f=o,d=o+c;f<d;f+=l)u+=s[Math.min(a,f)];for(let f=o,d=a;f<=d;f+=l)u+=s[Math.min(a,f+c)],r[f]=(u+n*(s[Math.max(o,f-h)]+s[Math.min(a,f+h)]))/i,u-=s[Math.max(o,f-c)]}}function Jd(t){let e=2*t+1;return(n,i,r,s,o)=>{if(!((s-=o)>=r))return;let a=t*i[r],l=o*t;for(let u=r,c=r+l;u<c;u+=o)a+=i[Math.min(s,u)];for(let u=r,c=s;u<=c;u+=o)a+=i[Math.min(s,u+l)],n[u]=a/e,a-=i[Math.max(r,u-l)]}}var pn=class extends Map{constructor(e,n=np){if(super(),Object.defineProperties(this,{_intern:{value:new Map},_key:{value:n}}),e!=null)for(let[i,r]of e)this.set(i,r)}get(e){return super.get(fl(this,e))}has(e){return super.has(fl(this,e))}set(e,n){return super.set(tp(this,e),n)}delete(e){return super.delete(ep(this,e))}};function fl({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):n}function tp({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):(t.set(i,n),n)}function ep({_intern:t,_key:e},n){let i=e(n);return t.has(i)&&(n=t.get(i),t.delete(i)),n}function np(t){return t!==null&&typeof t=="object"?t.valueOf():t}var ip=Array.prototype,z0=ip.slice;var rp=Math.sqrt(50),sp=Math.sqrt(10),op=Math.sqrt(2);function Ai(t,e,n){let i=(e-t)/Math.max(0,n),r=Math.floor(Math.log10(i)),s=i/Math.pow(10,r),o=s>=rp?10:s>=sp?5:s>=op?2:1,a,l,u;return r<0?(u=Math.pow(10,-r)/o,a=Math.round(t*u),l=Math.round(e*u),a/u<t&&++a,l/u>e&&--l,u=-u):(u=Math.pow(10,r)*o,a=Math.round(t/u),l=Math.round(e/u),a*u<t&&++a,l*u>e&&--l),l<a&&.5<=n&&n<2?Ai(t,e,n*2):[a,l,u]}function bl(t,e,n){if(e=+e,t=+t,n=+n,!(n>0))return[];if(t===e)return[t];let i=e<t,[r,s,o]=i?Ai(e,t,n):Ai(t,e,n);if(!(s>=r))return[];let a=s-r+1,l=new Array(a);if(i)if(o<0)for(let u=0;u<a;++u)l[u]=(s-u)/-o;else for(let u=0;u<a;++u)l[u]=(s-u)*o;else if(o<0)for(let u=0;u<a;++u)l[u]=(r+u)/-o;else for(let u=0;u<a;++u)l[u]=(r+u)*o;return l}function Ci(t,e,n){return e=+e,t=+t,n=+n,Ai(t,e,n)[2]}function yl(t,e,n){e=+e,t=+t,n=+n;let i=e<t,r=i?Ci(e,t,n):Ci(t,e,n);return(i?-1:1)*(r<0?1/-r:r)}function vl(t,e,n){t=+t,e=+e,n=(r=arguments.length)<2?(e=t,t=0,1):r<3?1:+n;for(var i=-1,r=Math.max(0,Math.ceil((e-t)/n))|0,s=new Array(r);++i<r;)s[i]=t+i*n;return s}var L0=ap(Math.random);function ap(t){return function(n,i=0,r=n.length){let s=r-(i=+i);for(;s;){let o=t()*s--|0,a=n[s+i];n[s+i]=n[o+i],n[o+i]=a}return n}}function lp(t){return Math.abs(t=Math.round(t))>=1e21?t.toLocaleString("en").replace(/,/g,""):t.toString(10)}function Ri(t,e){if(!isFinite(t)||t===0)return null;var n=(t=e?t.toExponential(e-1):t.toExponential()).indexOf("e"),i=t.slice(0,n);return[i.length>1?i[0]+i.slice(2):i,+t.slice(n+1)]}function Se(t){return t=Ri(Math.abs(t)),t?t[1]:NaN}function up(t,e){return function(n,i){for(var r=n.length,s=[],o=0,a=t[0],l=0;r>0&&a>0&&(l+a+1>i&&(a=Math.max(1,i-l)),s.push(n.substring(r-=a,r+a)),!((l+=a+1)>i));)a=t[o=(o+1)%t.length];return s.reverse().join(e)}}function cp(t){return function(e){return e.replace(/[0-9]/g,function(n){return t[+n]})}}var hp=/^(?:(.)?([<>=^]))?([+\-( ])?([$#])?(0)?(\d+)?(,)?(\.\d+)?(~)?([a-z%])?$/i;function mn(t){if(!(e=hp.exec(t)))throw new Error("invalid format: "+t);var e;return new ss({fill:e[1],align:e[2],sign:e[3],symbol:e[4],zero:e[5],width:e[6],comma:e[7],precision:e[8]&&e[8].slice(1),trim:e[9],type:e[10]})}mn.prototype=ss.prototype;function ss(t){this.fill=t.fill===void 0?" ":t.fill+"",this.align=t.align===void 0?">":t.align+"",this.sign=t.sign===void 0?"-":t.sign+"",this.symbol=t.symbol===void 0?"":t.symbol+"",this.zero=!!t.zero,this.width=t.width===void 0?void 0:+t.width,this.comma=!!t.comma,this.precision=t.precision===void 0?void 0:+t.precision,this.trim=!!t.trim,this.type=t.type===void 0?"":t.type+""}ss.prototype.toString=function(){return this.fill+this.align+this.sign+this.symbol+(this.zero?"0":"")+(this.width===void 0?"":Math.max(1,this.width|0))+(this.comma?",":"")+(this.precision===void 0?"":"."+Math.max(0,this.precision|0))+(this.trim?"~":"")+this.type};function fp(t){t:for(var e=t.length,n=1,i=-1,r;n<e;++n)switch(t[n]){case".":i=r=n;break;case"0":i===0&&(i=n),r=n;break;default:if(!+t[n])break t;i>0&&(i=0);break}return i>0?t.slice(0,i)+t.slice(r+1):t}var Pi;function dp(t,e){var n=Ri(t,e);if(!n)return Pi=void 0,t.toPrecision(e);var i=n[0],r=n[1],s=r-(Pi=Math.max(-8,Math.min(8,Math.floor(r/3)))*3)+1,o=i.length;return s===o?i:s>o?i+new Array(s-o+1).join("0"):s>0?i.slice(0,s)+"."+i.slice(s):"0."+new Array(1-s).join("0")+Ri(t,Math.max(0,e+s-1))[0]}function wl(t,e){var n=Ri(t,e);if(!n)return t+"";var i=n[0],r=n[1];return r<0?"0."+new Array(-r).join("0")+i:i.length>r+1?i.slice(0,r+1)+"."+i.slice(r+1):i+new Array(r-i.length+2).join("0")}var xl={"%":(t,e)=>(t*100).toFixed(e),b:t=>Math.round(t).toString(2),c:t=>t+"",d:lp,e:(t,e)=>t.toExponential(e),f:(t,e)=>t.toFixed(e),g:(t,e)=>t.toPrecision(e),o:t=>Math.round(t).toString(8),p:(t,e)=>wl(t*100,e),r:wl,s:dp,X:t=>Math.round(t).toString(16).toUpperCase(),x:t=>Math.round(t).toString(16)};function $l(t){return t}var Sl=Array.prototype.map,Ml=["y","z","a","f","p","n","µ","m","","k","M","G","T","P","E","Z","Y"];function pp(t){var e=t.grouping===void 0||t.thousands===void 0?$l:up(Sl.call(t.grouping,Number),t.thousands+""),n=t.currency===void 0?"":t.currency[0]+"",i=t.currency===void 0?"":t.currency[1]+"",r=t.decimal===void 0?".":t.decimal+"",s=t.numerals===void 0?$l:cp(Sl.call(t.numerals,String)),o=t.percent===void 0?"%":t.percent+"",a=t.minus===void 0?"−":t.minus+"",l=t.nan===void 0?"NaN":t.nan+"";function u(h,f){h=mn(h);var d=h.fill,m=h.align,g=h.sign,p=h.symbol,_=h.zero,y=h.width,v=h.comma,$=h.precision,M=h.trim,A=h.type;A==="n"?(v=!0,A="g"):xl[A]||($===void 0&&($=12),M=!0,A="g"),(_||d==="0"&&m==="=")&&(_=!0,d="0",m="=");var P=(f&&f.prefix!==void 0?f.prefix:"")+(p==="$"?n:p==="#"&&/[boxX]/.test(A)?"0"+A.toLowerCase():""),O=(p==="$"?i:/[%p]/.test(A)?o:"")+(f&&f.suffix!==void 0?f.suffix:""),V=xl[A],C=/[defgprs%]/.test(A);$=$===void 0?6:/[gprs]/.test(A)?Math.max(1,Math.min(21,$)):Math.max(0,Math.min(20,$));function I(S){var T=P,R=O,et,B,H;if(A==="c")R=V(S)+R,S="";else{S=+S;var at=S<0||1/S<0;if(S=isNaN(S)?l:V(Math.abs(S),$),M&&(S=fp(S)),at&&+S==0&&g!=="+"&&(at=!1),T=(at?g==="("?g:a:g==="-"||g==="("?"":g)+T,R=(A==="s"&&!isNaN(S)&&Pi!==void 0?Ml[8+Pi/3]:"")+R+(at&&g==="("?")":""),C){for(et=-1,B=S.length;++et<B;)if(H=S.charCodeAt(et),48>H||H>57){R=(H===46?r+S.slice(et+1):S.slice(et))+R,S=S.slice(0,et);break}}}v&&!_&&(S=e(S,1/0));var q=T.length+S.length+R.length,N=q<y?new Array(y-q+1).join(d):"";switch(v&&_&&(S=e(N+S,N.length?y-R.length:1/0),N=""),m){case"<":S=T+S+R+N;break;case"=":S=T+N+S+R;break;case"^":S=N.slice(0,q=N.length>>1)+T+S+R+N.slice(q);break;default:S=N+T+S+R;break}return s(S)}return I.toString=function(){return h+""},I}function c(h,f){var d=Math.max(-8,Math.min(8,Math.floor(Se(f)/3)))*3,m=Math.pow(10,-d),g=u((h=mn(h),h.type="f",h),{suffix:Ml[8+d/3]});return function(p){return g(m*p)}}return{format:u,formatPrefix:c}}var Ti,os,as;mp({thousands:",",grouping:[3],currency:["$",""]});function mp(t){return Ti=pp(t),os=Ti.format,as=Ti.formatPrefix,Ti}function El(t){return Math.max(0,-Se(Math.abs(t)))}function kl(t,e){return Math.max(0,Math.max(-8,Math.min(8,Math.floor(Se(e)/3)))*3-Se(Math.abs(t)))}function Al(t,e){return t=Math.abs(t),e=Math.abs(e)-t,Math.max(0,Se(e)-Se(t))+1}function us(t,e){switch(arguments.length){case 0:break;case 1:this.range(t);break;default:this.range(e).domain(t);break}return this}var Cl=Symbol("implicit");function Rl(){var t=new pn,e=[],n=[],i=Cl;function r(s){let o=t.get(s);if(o===void 0){if(i!==Cl)return i;t.set(s,o=e.push(s)-1)}return n[o%n.length]}return r.domain=function(s){if(!arguments.length)return e.slice();e=[],t=new pn;for(let o of s)t.has(o)||t.set(o,e.push(o)-1);return r},r.range=function(s){return arguments.length?(n=Array.from(s),r):n.slice()},r.unknown=function(s){return arguments.length?(i=s,r):i},r.copy=function(){return Rl(e,n).unknown(i)},us.apply(r,arguments),r}function Pl(){var t=Rl().unknown(void 0),e=t.domain,n=t.range,i=0,r=1,s,o,a=!1,l=0,u=0,c=.5;delete t.unknown;function h(){var f=e().length,d=r<i,m=d?r:i,g=d?i:r;s=(g-m)/Math.max(1,f-l+u*2),a&&(s=Math.floor(s)),m+=(g-m-s*(f-l))*c,o=s*(1-l),a&&(m=Math.round(m),o=Math.round(o));var p=vl(f).map(function(_){return m+s*_});return n(d?p.reverse():p)}return t.domain=function(f){return arguments.length?(e(f),h()):e()},t.range=function(f){return arguments.length?([i,r]=f,i=+i,r=+r,h()):[i,r]},t.rangeRound=function(f){return[i,r]=f,i=+i,r=+r,a=!0,h()},t.bandwidth=function(){return o},t.step=function(){return s},t.round=function(f){return arguments.length?(a=!!f,h()):a},t.padding=function(f){return arguments.length?(l=Math.min(1,u=+f),h()):l},t.paddingInner=function(f){return arguments.length?(l=Math.min(1,f),h()):l},t.paddingOuter=function(f){return arguments.length?(u=+f,h()):u},t.align=function(f){return arguments.length?(c=Math.max(0,Math.min(1,f)),h()):c},t.copy=function(){return Pl(e(),[i,r]).round(a).paddingInner(l).paddingOuter(u).align(c)},us.apply(h(),arguments)}function Ol(t){var e=t.copy;return t.padding=t.paddingOuter,delete t.paddingInner,delete t.paddingOuter,t.copy=function(){return Ol(e())},t}function Nl(){return Ol(Pl.apply(null,arguments).paddingInner(1))}function gp(t){return function(){return t}}function _p(t){return+t}var Tl=[0,1];function Me(t){return t}function ls(t,e){return(e-=t=+t)?function(n){return(n-t)/e}:gp(isNaN(e)?NaN:.5)}function bp(t,e){var n;return t>e&&(n=t,t=e,e=n),function(i){return Math.max(t,Math.min(e,i))}}function yp(t,e,n){var i=t[0],r=t[1],s=e[0],o=e[1];return r<i?(i=ls(r,i),s=n(o,s)):(i=ls(i,r),s=n(s,o)),function(a){return s(i(a))}}function vp(t,e,n){var i=Math.min(t.length,e.length)-1,r=new Array(i),s=new Array(i),o=-1;for(t[i]<t[0]&&(t=t.slice().reverse(),e=e.slice().reverse());++o<i;)r[o]=ls(t[o],t[o+1]),s[o]=n(e[o],e[o+1]);return function(a){var l=ml(t,a,1,i)-1;return s[l](r[l](a))}}function wp(t,e){return e.domain(t.domain()).range(t.range()).interpolate(t.interpolate()).clamp(t.clamp()).unknown(t.unknown())}function xp(){var t=Tl,e=Tl,n=_e,i,r,s,o=Me,a,l,u;function c(){var f=Math.min(t.length,e.length);return o!==Me&&(o=bp(t[0],t[f-1])),a=f>2?vp:yp,l=u=null,h}function h(f){return f==null||isNaN(f=+f)?s:(l||(l=a(t.map(i),e,n)))(i(o(f)))}return h.invert=function(f){return o(r((u||(u=a(e,t.map(i),ht)))(f)))},h.domain=function(f){return arguments.length?(t=Array.from(f,_p),c()):t.slice()},h.range=function(f){return arguments.length?(e=Array.from(f),c()):e.slice()},h.rangeRound=function(f){return e=Array.from(f),n=Ha,c()},h.clamp=function(f){return arguments.length?(o=f?!0:Me,c()):o!==Me},h.interpolate=function(f){return arguments.length?(n=f,c()):n},h.unknown=function(f){return arguments.length?(s=f,h):s},function(f,d){return i=f,r=d,c()}}function $p(){return xp()(Me,Me)}function Sp(t,e,n,i){var r=yl(t,e,n),s;switch(i=mn(i??",f"),i.type){case"s":{var o=Math.max(Math.abs(t),Math.abs(e));return i.precision==null&&!isNaN(s=kl(r,o))&&(i.precision=s),as(i,o)}case"":case"e":case"g":case"p":case"r":{i.precision==null&&!isNaN(s=Al(r,Math.max(Math.abs(t),Math.abs(e))))&&(i.precision=s-(i.type==="e"));break}case"f":case"%":{i.precision==null&&!isNaN(s=El(r))&&(i.precision=s-(i.type==="%")*2);break}}return os(i)}function Mp(t){var e=t.domain;return t.ticks=function(n){var i=e();return bl(i[0],i[i.length-1],n??10)},t.tickFormat=function(n,i){var r=e();return Sp(r[0],r[r.length-1],n??10,i)},t.nice=function(n){n==null&&(n=10);var i=e(),r=0,s=i.length-1,o=i[r],a=i[s],l,u,c=10;for(a<o&&(u=o,o=a,a=u,u=r,r=s,s=u);c-- >0;){if(u=Ci(o,a,n),u===l)return i[r]=o,i[s]=a,e(i);if(u>0)o=Math.floor(o/u)*u,a=Math.ceil(a/u)*u;else if(u<0)o=Math.ceil(o*u)/u,a=Math.floor(a*u)/u;else break;l=u}return t},t}function gn(){var t=$p();return t.copy=function(){return wp(t,gn())},us.apply(t,arguments),Mp(t)}function Ep(t,e){let n=Math.abs(t[1]-t[0])/Math.max(1e-9,Math.abs(e[1]-e[0]));return!(n>0)||!Number.isFinite(n)?3:Math.min(10,Math.max(0,Math.ceil(-Math.log10(n))))}function kp(t,e,n){let[i,r]=e,[s,o]=n;return o===s?i:i+(t-s)*(r-i)/(o-s)}function cs(t,e,n){let[i,r]=e,[s,o]=n;return r===i?s:s+(t-i)*(o-s)/(r-i)}function Il(t,e,n,i=1){let r=Math.min(n[0],n[1]),s=Math.max(n[0],n[1]),o=Ep(e,n),a=m=>Number(m.toFixed(o)),l=t.map(m=>Math.min(s,Math.max(r,m))).map(m=>({px:m,value:a(kp(m,e,n))}));l.sort((m,g)=>m.value-g.value);let[u,c]=l,h=(m,g)=>Math.abs(m-cs(g,e,n))<=i,f=Math.min(e[0],e[1]),d=Math.max(e[0],e[1]);return{low:h(u.px,f)?null:u.value,high:h(c.px,d)?null:c.value}}function zl(t,e,n){let i=Math.min(e[0],e[1]),r=Math.max(e[0],e[1]),s=l=>Math.min(r,Math.max(i,l)),o=cs(s(t.low??i),e,n),a=cs(s(t.high??r),e,n);return[Math.min(o,a),Math.max(o,a)]}function Oi(t,e){return`${t}@${e}`}function Ll(t,e,n,i=!0){let r=[{id:"label",title:"Label",kind:"label",identity:null}];i&&r.push({id:"gap",title:"Gap",kind:"gap",identity:null});for(let s of t)r.push({id:Oi(e,s),title:s,kind:"value",identity:s});if(n){r.push({id:"count",title:"C(y)",kind:"count",identity:null});for(let s of t)r.push({id:`count@${s}`,title:`C(${s}, y)`,kind:"count",identity:s})}return r}function Dl(t,e,n,i=!0){let r=i?[{id:"gap",title:"gap",kind:"gap",identity:null}]:[];for(let s of t)r.push({id:Oi(e,s),title:`${e} (${s})`,kind:"value",identity:s});if(n){r.push({id:"count",title:"count",kind:"count",identity:null});for(let s of t)r.push({id:`count@${s}`,title:`count (${s})`,kind:"count",identity:s})}return r}var Ni=2.25,Ii=3.75;function hs(t){return t.kind==="label"?9:t.kind==="count"?4.5:6.5}function Fl(t){return t.map(e=>e.kind==="label"?`minmax(${Ni+Ii+hs(e)}rem, 2.2fr)`:`minmax(${hs(e)}rem, ${e.kind==="count"?.8:1}fr)`).join(" ")}function Vl(t){return t.reduce((e,n)=>e+hs(n),Ni+Ii)}var _n=Math.PI,fs=2*_n,se=1e-6,Ap=fs-se;function Hl(t){this._+=t[0];for(let e=1,n=t.length;e<n;++e)this._+=arguments[e]+t[e]}function Cp(t){let e=Math.floor(t);if(!(e>=0))throw new Error(`invalid digits: ${t}`);if(e>15)return Hl;let n=10**e;return function(i){this._+=i[0];for(let r=1,s=i.length;r<s;++r)this._+=Math.round(arguments[r]*n)/n+i[r]}}function ql(t,e,n,i){return t===n&&e===i}function Tp(t){let e=Math.floor(t);if(!(e<=15))return ql;let n=10**e,i=function(r){return Math.round(r*n)};return function(r,s,o,a){return i(r)===i(o)&&i(s)===i(a)}}var Ee=class{constructor(e){this._x0=this._y0=this._x1=this._y1=null,this._="",this._append=e==null?Hl:Cp(e),this._equal=e==null?ql:Tp(e)}moveTo(e,n){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}`}closePath(){this._x1!==null&&(this._x1=this._x0,this._y1=this._y0,this._append`Z`)}lineTo(e,n){this._append`L${this._x1=+e},${this._y1=+n}`}quadraticCurveTo(e,n,i,r){this._append`Q${+e},${+n},${this._x1=+i},${this._y1=+r}`}bezierCurveTo(e,n,i,r,s,o){this._append`C${+e},${+n},${+i},${+r},${this._x1=+s},${this._y1=+o}`}arcTo(e,n,i,r,s){if(e=+e,n=+n,i=+i,r=+r,s=+s,s<0)throw new Error(`negative radius: ${s}`);let o=this._x1,a=this._y1,l=i-e,u=r-n,c=o-e,h=a-n,f=c*c+h*h;if(this._x1===null)this._append`M${this._x1=e},${this._y1=n}`;else if(f>se)if(!(Math.abs(h*l-u*c)>se)||!s)this._append`L${this._x1=e},${this._y1=n}`;else{let d=i-o,m=r-a,g=l*l+u*u,p=d*d+m*m,_=Math.sqrt(g),y=Math.sqrt(f),v=s*Math.tan((_n-Math.acos((g+f-p)/(2*_*y)))/2),$=v/y,M=v/_;Math.abs($-1)>se&&this._append`L${e+$*c},${n+$*h}`,this._append`A${s},${s},0,0,${+(h*d>c*m)},${this._x1=e+M*l},${this._y1=n+M*u}`}}arc(e,n,i,r,s,o){if(e=+e,n=+n,i=+i,o=!!o,i<0)throw new Error(`negative radius: ${i}`);let a=i*Math.cos(r),l=i*Math.sin(r),u=e+a,c=n+l,h=1^o,f=o?r-s:s-r;if(this._x1===null?this._append`M${u},${c}`:(Math.abs(this._x1-u)>se||Math.abs(this._y1-c)>se)&&this._append`L${u},${c}`,!!i){if(f<0&&(f=f%fs+fs),f>Ap)this._append`A${i},${i},0,1,${h},${e-a},${n-l}A${i},${i},0,1,${h},${this._x1=u},${this._y1=c}`;else if(f>se){let d=e+i*Math.cos(s),m=n+i*Math.sin(s);if(f>=_n&&this._equal(u,c,d,m)){f/=2;let g=r+f;this._append`A${i},${i},0,${+(f>=_n)},${h},${e+i*Math.cos(g)},${n+i*Math.sin(g)}`}this._append`A${i},${i},0,${+(f>=_n)},${h},${this._x1=d},${this._y1=m}`}}}rect(e,n,i,r){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}h${i=+i}v${+r}h${-i}Z`}toString(){return this._}};function Rp(){return new Ee}Rp.prototype=Ee.prototype;function Y(t){return function(){return t}}var Pp=Math.cos;var ps=Math.sin,ke=Math.sqrt,Ul=1e-12,zi=Math.PI,Q0=zi/2,Kl=2*zi;function Gl(t){let e=3;return t.digits=function(n){if(!arguments.length)return e;if(n==null)e=null;else{let i=Math.floor(n);if(!(i>=0))throw new RangeError(`invalid digits: ${n}`);e=i}return t},()=>new Ee(e)}var Z0=Array.prototype.slice;function Yl(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function Ql(t){this._context=t}Ql.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:this._context.lineTo(t,e);break}}};function ms(t){return new Ql(t)}function Zl(t){return t[0]}function Jl(t){return t[1]}function gs(t,e){var n=Y(!0),i=null,r=ms,s=null,o=Gl(a);t=typeof t=="function"?t:t===void 0?Zl:Y(t),e=typeof e=="function"?e:e===void 0?Jl:Y(e);function a(l){var u,c=(l=Yl(l)).length,h,f=!1,d;for(i==null&&(s=r(d=o())),u=0;u<=c;++u)!(u<c&&n(h=l[u],u,l))===f&&((f=!f)?s.lineStart():s.lineEnd()),f&&s.point(+t(h,u,l),+e(h,u,l));if(d)return s=null,d+""||null}return a.x=function(l){return arguments.length?(t=typeof l=="function"?l:Y(+l),a):t},a.y=function(l){return arguments.length?(e=typeof l=="function"?l:Y(+l),a):e},a.defined=function(l){return arguments.length?(n=typeof l=="function"?l:Y(!!l),a):n},a.curve=function(l){return arguments.length?(r=l,i!=null&&(s=r(i)),a):r},a.context=function(l){return arguments.length?(l==null?i=s=null:s=r(i=l),a):i},a}function tu(t,e,n){var i=null,r=Y(!0),s=null,o=ms,a=null,l=Gl(u);t=typeof t=="function"?t:t===void 0?Zl:Y(+t),e=typeof e=="function"?e:Y(e===void 0?0:+e),n=typeof n=="function"?n:n===void 0?Jl:Y(+n);function u(h){var f,d,m,g=(h=Yl(h)).length,p,_=!1,y,v=new Array(g),$=new Array(g);for(s==null&&(a=o(y=l())),f=0;f<=g;++f){if(!(f<g&&r(p=h[f],f,h))===_)if(_=!_)d=f,a.areaStart(),a.lineStart();else{for(a.lineEnd(),a.lineStart(),m=f-1;m>=d;--m)a.point(v[m],$[m]);a.lineEnd(),a.areaEnd()}_&&(v[f]=+t(p,f,h),$[f]=+e(p,f,h),a.point(i?+i(p,f,h):v[f],n?+n(p,f,h):$[f]))}if(y)return a=null,y+""||null}function c(){return gs().defined(r).curve(o).context(s)}return u.x=function(h){return arguments.length?(t=typeof h=="function"?h:Y(+h),i=null,u):t},u.x0=function(h){return arguments.length?(t=typeof h=="function"?h:Y(+h),u):t},u.x1=function(h){return arguments.length?(i=h==null?null:typeof h=="function"?h:Y(+h),u):i},u.y=function(h){return arguments.length?(e=typeof h=="function"?h:Y(+h),n=null,u):e},u.y0=function(h){return arguments.length?(e=typeof h=="function"?h:Y(+h),u):e},u.y1=function(h){return arguments.length?(n=h==null?null:typeof h=="function"?h:Y(+h),u):n},u.lineX0=u.lineY0=function(){return c().x(t).y(e)},u.lineY1=function(){return c().x(t).y(n)},u.lineX1=function(){return c().x(i).y(e)},u.defined=function(h){return arguments.length?(r=typeof h=="function"?h:Y(!!h),u):r},u.curve=function(h){return arguments.length?(o=h,s!=null&&(a=o(s)),u):o},u.context=function(h){return arguments.length?(h==null?s=a=null:a=o(s=h),u):s},u}var J0=Op(ms);function eu(t){this._curve=t}eu.prototype={areaStart:function(){this._curve.areaStart()},areaEnd:function(){this._curve.areaEnd()},lineStart:function(){this._curve.lineStart()},lineEnd:function(){this._curve.lineEnd()},point:function(t,e){this._curve.point(e*Math.sin(t),e*-Math.cos(t))}};function Op(t){function e(n){return new eu(t(n))}return e._curve=t,e}var tb=ke(3);var Np=ke(1/3),eb=Np*2;var nu=ps(zi/10)/ps(7*zi/10),nb=ps(Kl/10)*nu,ib=-Pp(Kl/10)*nu;var rb=ke(3);var sb=ke(3);var ob=ke(3)/2,Ip=1/ke(12),ab=(Ip/2+1)*3;function Ft(){}function Li(t,e,n){t._context.bezierCurveTo((2*t._x0+t._x1)/3,(2*t._y0+t._y1)/3,(t._x0+2*t._x1)/3,(t._y0+2*t._y1)/3,(t._x0+4*t._x1+e)/6,(t._y0+4*t._y1+n)/6)}function _s(t){this._context=t}_s.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){switch(this._point){case 3:Li(this,this._x1,this._y1);case 2:this._context.lineTo(this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,this._context.lineTo((5*this._x0+this._x1)/6,(5*this._y0+this._y1)/6);default:Li(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};function zp(t){this._context=t}zp.prototype={areaStart:Ft,areaEnd:Ft,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._y0=this._y1=this._y2=this._y3=this._y4=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x2,this._y2),this._context.closePath();break}case 2:{this._context.moveTo((this._x2+2*this._x3)/3,(this._y2+2*this._y3)/3),this._context.lineTo((this._x3+2*this._x2)/3,(this._y3+2*this._y2)/3),this._context.closePath();break}case 3:{this.point(this._x2,this._y2),this.point(this._x3,this._y3),this.point(this._x4,this._y4);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x2=t,this._y2=e;break;case 1:this._point=2,this._x3=t,this._y3=e;break;case 2:this._point=3,this._x4=t,this._y4=e,this._context.moveTo((this._x0+4*this._x1+t)/6,(this._y0+4*this._y1+e)/6);break;default:Li(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};function Lp(t){this._context=t}Lp.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3;var n=(this._x0+4*this._x1+t)/6,i=(this._y0+4*this._y1+e)/6;this._line?this._context.lineTo(n,i):this._context.moveTo(n,i);break;case 3:this._point=4;default:Li(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};function iu(t,e){this._basis=new _s(t),this._beta=e}iu.prototype={lineStart:function(){this._x=[],this._y=[],this._basis.lineStart()},lineEnd:function(){var t=this._x,e=this._y,n=t.length-1;if(n>0)for(var i=t[0],r=e[0],s=t[n]-i,o=e[n]-r,a=-1,l;++a<=n;)l=a/n,this._basis.point(this._beta*t[a]+(1-this._beta)*(i+l*s),this._beta*e[a]+(1-this._beta)*(r+l*o));this._x=this._y=null,this._basis.lineEnd()},point:function(t,e){this._x.push(+t),this._y.push(+e)}};var lb=(function t(e){function n(i){return e===1?new _s(i):new iu(i,e)}return n.beta=function(i){return t(+i)},n})(.85);function Di(t,e,n){t._context.bezierCurveTo(t._x1+t._k*(t._x2-t._x0),t._y1+t._k*(t._y2-t._y0),t._x2+t._k*(t._x1-e),t._y2+t._k*(t._y1-n),t._x2,t._y2)}function bs(t,e){this._context=t,this._k=(1-e)/6}bs.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:Di(this,this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2,this._x1=t,this._y1=e;break;case 2:this._point=3;default:Di(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var ub=(function t(e){function n(i){return new bs(i,e)}return n.tension=function(i){return t(+i)},n})(0);function ys(t,e){this._context=t,this._k=(1-e)/6}ys.prototype={areaStart:Ft,areaEnd:Ft,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:Di(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var cb=(function t(e){function n(i){return new ys(i,e)}return n.tension=function(i){return t(+i)},n})(0);function vs(t,e){this._context=t,this._k=(1-e)/6}vs.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:Di(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var hb=(function t(e){function n(i){return new vs(i,e)}return n.tension=function(i){return t(+i)},n})(0);function ws(t,e,n){var i=t._x1,r=t._y1,s=t._x2,o=t._y2;if(t._l01_a>Ul){var a=2*t._l01_2a+3*t._l01_a*t._l12_a+t._l12_2a,l=3*t._l01_a*(t._l01_a+t._l12_a);i=(i*a-t._x0*t._l12_2a+t._x2*t._l01_2a)/l,r=(r*a-t._y0*t._l12_2a+t._y2*t._l01_2a)/l}if(t._l23_a>Ul){var u=2*t._l23_2a+3*t._l23_a*t._l12_a+t._l12_2a,c=3*t._l23_a*(t._l23_a+t._l12_a);s=(s*u+t._x1*t._l23_2a-e*t._l12_2a)/c,o=(o*u+t._y1*t._l23_2a-n*t._l12_2a)/c}t._context.bezierCurveTo(i,r,s,o,t._x2,t._y2)}function ru(t,e){this._context=t,this._alpha=e}ru.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:this.point(this._x2,this._y2);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3;default:ws(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var fb=(function t(e){function n(i){return e?new ru(i,e):new bs(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);function su(t,e){this._context=t,this._alpha=e}su.prototype={areaStart:Ft,areaEnd:Ft,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:ws(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var db=(function t(e){function n(i){return e?new su(i,e):new ys(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);function ou(t,e){this._context=t,this._alpha=e}ou.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:ws(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var pb=(function t(e){function n(i){return e?new ou(i,e):new vs(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);function Dp(t){this._context=t}Dp.prototype={areaStart:Ft,areaEnd:Ft,lineStart:function(){this._point=0},lineEnd:function(){this._point&&this._context.closePath()},point:function(t,e){t=+t,e=+e,this._point?this._context.lineTo(t,e):(this._point=1,this._context.moveTo(t,e))}};function Bl(t){return t<0?-1:1}function jl(t,e,n){var i=t._x1-t._x0,r=e-t._x1,s=(t._y1-t._y0)/(i||r<0&&-0),o=(n-t._y1)/(r||i<0&&-0),a=(s*r+o*i)/(i+r);return(Bl(s)+Bl(o))*Math.min(Math.abs(s),Math.abs(o),.5*Math.abs(a))||0}function Wl(t,e){var n=t._x1-t._x0;return n?(3*(t._y1-t._y0)/n-e)/2:e}function ds(t,e,n){var i=t._x0,r=t._y0,s=t._x1,o=t._y1,a=(s-i)/3;t._context.bezierCurveTo(i+a,r+a*e,s-a,o-a*n,s,o)}function Fi(t){this._context=t}Fi.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=this._t0=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x1,this._y1);break;case 3:ds(this,this._t0,Wl(this,this._t0));break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){var n=NaN;if(t=+t,e=+e,!(t===this._x1&&e===this._y1)){switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,ds(this,Wl(this,n=jl(this,t,e)),n);break;default:ds(this,this._t0,n=jl(this,t,e));break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e,this._t0=n}}};function Fp(t){this._context=new au(t)}(Fp.prototype=Object.create(Fi.prototype)).point=function(t,e){Fi.prototype.point.call(this,e,t)};function au(t){this._context=t}au.prototype={moveTo:function(t,e){this._context.moveTo(e,t)},closePath:function(){this._context.closePath()},lineTo:function(t,e){this._context.lineTo(e,t)},bezierCurveTo:function(t,e,n,i,r,s){this._context.bezierCurveTo(e,t,i,n,s,r)}};function lu(t){return new Fi(t)}function Vp(t){this._context=t}Vp.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=[],this._y=[]},lineEnd:function(){var t=this._x,e=this._y,n=t.length;if(n)if(this._line?this._context.lineTo(t[0],e[0]):this._context.moveTo(t[0],e[0]),n===2)this._context.lineTo(t[1],e[1]);else for(var i=Xl(t),r=Xl(e),s=0,o=1;o<n;++s,++o)this._context.bezierCurveTo(i[0][s],r[0][s],i[1][s],r[1][s],t[o],e[o]);(this._line||this._line!==0&&n===1)&&this._context.closePath(),this._line=1-this._line,this._x=this._y=null},point:function(t,e){this._x.push(+t),this._y.push(+e)}};function Xl(t){var e,n=t.length-1,i,r=new Array(n),s=new Array(n),o=new Array(n);for(r[0]=0,s[0]=2,o[0]=t[0]+2*t[1],e=1;e<n-1;++e)r[e]=1,s[e]=4,o[e]=4*t[e]+2*t[e+1];for(r[n-1]=2,s[n-1]=7,o[n-1]=8*t[n-1]+t[n],e=1;e<n;++e)i=r[e]/s[e-1],s[e]-=i,o[e]-=i*o[e-1];for(r[n-1]=o[n-1]/s[n-1],e=n-2;e>=0;--e)r[e]=(o[e]-r[e+1])/s[e];for(s[n-1]=(t[n]+r[n-1])/2,e=0;e<n-1;++e)s[e]=2*t[e+1]-r[e+1];return[r,s]}function Hp(t,e){this._context=t,this._t=e}Hp.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=this._y=NaN,this._point=0},lineEnd:function(){0<this._t&&this._t<1&&this._point===2&&this._context.lineTo(this._x,this._y),(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line>=0&&(this._t=1-this._t,this._line=1-this._line)},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:{if(this._t<=0)this._context.lineTo(this._x,e),this._context.lineTo(t,e);else{var n=this._x*(1-this._t)+t*this._t;this._context.lineTo(n,this._y),this._context.lineTo(n,e)}break}}this._x=t,this._y=e}};function qp(t){let e=[];for(let n=0;n+1<t.length;n++)e.push((t[n]+t[n+1])/2);return e}function bn(t){let e=0;for(let n of t)n!==null&&Number.isFinite(n)&&n>e&&(e=n);return e}function uu(t,e,n,i,r,s){let o=qp(e);if(!(s>0)||o.length===0)return"";let a=o.map((c,h)=>[c,Math.max(0,t[h]??0)]);a.unshift([e[0],0]),a.push([e[e.length-1],0]);let l=c=>c/s*r;return tu().x(c=>n(c[0])).y0(c=>i-l(c[1])).y1(c=>i+l(c[1])).curve(lu)(a)??""}function cu(t,e,n,i,r,s){if(!(s>0))return[];let o=[];return t.forEach((a,l)=>{let u=e[l],c=e[l+1];if(u===void 0||c===void 0||a<=0)return;let h=Math.max(1,a/s*r),f=n(u);o.push({x:f,y:i-h,width:Math.max(.5,n(c)-f-.5),height:h,count:a,low:u,high:c})}),o}function hu(t,e,n){let i=t.map((o,a)=>[e[a]??0,o]);return(gs().defined(o=>o[1]!==null&&Number.isFinite(o[1])).x(o=>o[0]).y(o=>n(o[1]))(i)??"").replace(/M([^MLZ]+)Z/g,(o,a)=>`M${a}L${a}`)}function fu(t){let e=0,n=0;for(let i of t)i===null||!Number.isFinite(i)||(i<e&&(e=i),i>n&&(n=i));return e===n?[e-1,n+1]:[e,n]}var du=46,xs=10,_t=class extends L{constructor(){super(...arguments);this.data=null;this.loading=!1;this.error="";this.width=320;this.resizeObserver=null;this.shapes=new Map;this.plotDrawn=null}connectedCallback(){super.connectedCallback(),this.resizeObserver=new ResizeObserver(n=>{let i=Math.floor(n[0]?.contentRect.width??0);i>0&&Math.abs(i-this.width)>=1&&(this.width=i)}),this.resizeObserver.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this.resizeObserver?.disconnect()}rows(){let n=this.data;if(!n)return[];let i=this.info.identities,r=n.identities.map(s=>({key:s.identity,column:Oi(n.metric,s.identity),title:s.identity,color:Et(i,s.identity),hist:s,edges:n.bin_edges,domain:n.domain,axisGroup:"metric"}));return n.gap&&r.push({key:"gap",column:"gap",title:`gap: ${St(this.state.x1,this.state.x2)}`,color:Qe,hist:n.gap,edges:n.gap.bin_edges,domain:n.gap.domain,axisGroup:"gap"}),r}scale(n){return gn().domain(n).range([xs,Math.max(xs+10,this.width-xs)])}setPlot(n){D(this,"state-change",{plot:n})}renderRow(n,i,r){let s=this.scale(n.domain),o=du,a=o/2,l=n.hist.quantiles,u=this.state.ranges.find(_=>_.column===n.column),c=u?zl(u,s.domain(),s.range()):null,[h,f]=n.domain,d=h<0&&f>0?s(0):null,m=this.shapes.get(n.key);m===void 0&&(m=this.state.plot==="histogram"?cu(n.hist.counts,n.edges,s,o-2,o-6,r).map(_=>ut`<rect x=${_.x} y=${_.y} width=${_.width} height=${_.height} fill=${n.color} fill-opacity="0.75">
                <title>${bt(_.low)} to ${bt(_.high)}: ${U(_.count)}</title></rect>`):ut`<path d=${uu(n.hist.density,n.edges,s,a,a-3,i)} fill=${n.color}
                fill-opacity="0.6" stroke=${n.color}></path>`,this.shapes.set(n.key,m));let g=this.state.plot==="violin"&&l.q1!==null&&l.q3!==null&&l.median!==null?ut`
            ${l.min!==null&&l.max!==null?ut`<line class="whisker" x1=${s(l.min)} x2=${s(l.max)} y1=${a} y2=${a}></line>`:x}
            <line class="box" x1=${s(l.q1)} x2=${s(l.q3)} y1=${a} y2=${a}></line>
            <circle class="median" cx=${s(l.median)} cy=${a} r="2.5"></circle>`:x,p=`${n.column}: distribution over ${U(n.hist.n)} labels. Drag to add a range filter.`;return b`
      <div class="row-head">
        <span class="name"><span class="swatch" style="background:${n.color}"></span>${n.title}</span>
        <span class="n">n=${U(n.hist.n)}${n.hist.undefined?`, ${U(n.hist.undefined)} undefined`:""}${l.median!==null?` · median ${bt(l.median)}`:""}</span>
      </div>
      <svg
        width=${this.width}
        height=${o}
        role="img"
        aria-label=${p}
        data-testid=${`violin-${n.key}`}
        data-column=${n.column}
      >
        ${c?ut`<rect class="band" x=${c[0]} y="1" width=${Math.max(1,c[1]-c[0])} height=${o-2}>
              <title>${u?Be(u):""}</title></rect>`:x}
        ${d!==null?ut`<line class="zero" x1=${d} x2=${d} y1="0" y2=${o}></line>`:x}
        ${m} ${g}
        <g class="brush" data-column=${n.column} data-domain=${n.domain.join(",")}></g>
      </svg>
    `}renderAxis(n,i){return b`<svg width=${this.width} height="22" aria-hidden="true">
      <g class="axis" data-axis=${n} data-domain=${i.join(",")} transform="translate(0,2)"></g>
    </svg>`}willUpdate(n){(n.has("data")||n.has("width")||this.plotDrawn!==this.state.plot)&&(this.shapes.clear(),this.plotDrawn=this.state.plot)}updated(n){if(!n.has("data")&&!n.has("width"))return;let i=this.renderRoot;i.querySelectorAll("g.axis").forEach(r=>{let s=(r.dataset.domain??"0,1").split(",").map(Number);nt(r).call(Qo(this.scale(s)).ticks(Math.max(2,Math.floor(this.width/70))).tickSizeOuter(0))}),i.querySelectorAll("g.brush").forEach(r=>{let s=r.dataset.column??"",o=(r.dataset.domain??"0,1").split(",").map(Number),a=this.scale(o),l=hl().extent([[a.range()[0],0],[a.range()[1],du]]).on("end",u=>{if(!u.sourceEvent||!u.selection)return;let[c,h]=u.selection;if(nt(r).call(l.move,null),Math.abs(h-c)<2)return;let f=Il([c,h],a.domain(),a.range());f.low===null&&f.high===null||D(this,"state-change",{ranges:zn(this.state.ranges,{column:s,...f})})});nt(r).call(l)})}render(){let n=this.data,i=this.rows(),r=i.filter(u=>u.axisGroup==="metric"),s=i.filter(u=>u.axisGroup==="gap"),o=bn(r.flatMap(u=>u.hist.density)),a=bn(r.flatMap(u=>u.hist.counts)),l=this.state.plot;return b`
      <div class="head">
        <h2 id="dist-title">Distributions</h2>
        <div class="kind" role="group" aria-label="Plot type">
          <button type="button" aria-pressed=${l==="violin"} data-testid="plot-violin" @click=${()=>this.setPlot("violin")}>
            Violin
          </button>
          <button
            type="button"
            aria-pressed=${l==="histogram"}
            data-testid="plot-histogram"
            @click=${()=>this.setPlot("histogram")}
          >
            Histogram
          </button>
        </div>
      </div>
      ${n?b`<p class="sub">${n.metric} per identity over ${U(n.total)} labels, and the gap</p>`:x}
      ${this.error?b`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:x}
      ${!n&&this.loading?b`<p class="loading" data-testid="loading">Loading distributions\u2026</p>`:x}
      ${n?b`
            <div class="plots" aria-busy=${this.loading} aria-labelledby="dist-title">
              ${n.total===0?b`<p class="hint">No labels pass the filters.</p>`:x}
              ${r.map(u=>this.renderRow(u,o,a))}
              ${r.length?this.renderAxis("metric",n.domain):x}
              ${s.map(u=>b`<div class="gap-title"></div>
                    ${this.renderRow(u,bn(u.hist.density),bn(u.hist.counts))}
                    ${this.renderAxis("gap",u.domain)}`)}
              <p class="hint">Drag along a plot to keep only labels in that range.</p>
            </div>
          `:x}
    `}};_t.styles=[Z,K`
      :host {
        display: block;
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        gap: 8px;
      }
      .kind {
        display: inline-flex;
        border: 1px solid var(--border);
        border-radius: 4px;
        overflow: hidden;
      }
      .kind button {
        border: none;
        border-radius: 0;
        padding: 0 6px;
        font-size: 12px;
      }
      .sub {
        color: var(--muted);
        font-size: 12px;
        margin: 0 0 4px;
      }
      .kind button[aria-pressed="true"] {
        background: var(--accent);
        color: #fff;
      }
      .plots[aria-busy="true"] {
        opacity: 0.55;
      }
      .row-head {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        font-size: 12px;
        margin-top: 4px;
      }
      .row-head .name {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      .swatch {
        width: 10px;
        height: 10px;
        border-radius: 2px;
        flex: none;
      }
      .n {
        color: var(--muted);
        white-space: nowrap;
      }
      svg {
        display: block;
        overflow: visible;
      }
      .band {
        fill: #0072b2;
        fill-opacity: 0.12;
        stroke: #0072b2;
        stroke-opacity: 0.5;
        stroke-dasharray: 3 2;
      }
      .box {
        stroke: #1f1f1f;
        stroke-width: 3;
      }
      .whisker {
        stroke: #1f1f1f;
        stroke-width: 1;
      }
      .median {
        fill: #fff;
        stroke: #1f1f1f;
      }
      .zero {
        stroke: #9aa0a6;
        stroke-dasharray: 2 2;
      }
      .axis text {
        fill: var(--muted);
      }
      .gap-title {
        margin-top: 14px;
      }
      .hint {
        color: var(--muted);
        font-size: 12px;
        margin: 6px 0 0;
      }
    `],w([E({attribute:!1})],_t.prototype,"data",2),w([E({attribute:!1})],_t.prototype,"state",2),w([E({attribute:!1})],_t.prototype,"info",2),w([E({type:Boolean})],_t.prototype,"loading",2),w([E({attribute:!1})],_t.prototype,"error",2),w([z()],_t.prototype,"width",2),_t=w([Q("tb-bias-distributions")],_t);var Up=`from tb_bias_plugin import summary

# predictions: per example, the predicted label names (or a 0/1 or
# score matrix of shape [examples, labels] with label_names in order)
writer = summary.Writer("logs/my_model")
writer.association_table(
    "gender", predictions,
    label_names=names, identity_labels=["man", "woman"], step=epoch,
)
writer.close()`,Bp=`import tensorflow as tf
from tb_bias_plugin import summary

with tf.summary.create_file_writer("logs/my_model").as_default():
    summary.association_table(
        "gender", predictions,
        label_names=names, identity_labels=["man", "woman"], step=epoch,
    )`,yn=class extends L{render(){return b`
      <section data-testid="empty-state" aria-labelledby="empty-title">
        <h1 id="empty-title">No association tables logged yet</h1>
        <p>
          This tab ranks labels by how differently a model associates them with identity labels such as
          <code>man</code> and <code>woman</code>. Log a table of your model's predictions, with or without
          TensorFlow:
        </p>
        <pre><code>${Up}</code></pre>
        <p>Or with TensorFlow's summary writer:</p>
        <pre><code>${Bp}</code></pre>
        <p>Then point TensorBoard at the log directory: <code>tensorboard --logdir logs</code>, and reload.</p>
      </section>
    `}};yn.styles=[Z,K`
      :host {
        display: block;
        max-width: 46rem;
        margin: 32px auto;
        padding: 0 16px;
      }
      h1 {
        font-size: 18px;
        margin: 0 0 8px;
      }
      pre {
        background: #f1f3f4;
        border: 1px solid var(--border);
        border-radius: 4px;
        padding: 10px 12px;
        overflow-x: auto;
        font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
      code {
        font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      }
    `],yn=w([Q("tb-bias-empty-state")],yn);var Vt=class extends L{constructor(){super(...arguments);this.formError=""}change(n){D(this,"state-change",{ranges:n})}onAdd(n){n.preventDefault();let i=n.target,r=new FormData(i),s=String(r.get("column")??""),o=Qi(String(r.get("low")??"")),a=Qi(String(r.get("high")??""));o===void 0||a===void 0?this.formError="Bounds must be numbers (or empty for no bound).":o===null&&a===null?this.formError="Give a minimum, a maximum or both.":o!==null&&a!==null&&o>a?this.formError="The minimum is above the maximum.":!this.state.ranges.some(l=>l.column===s)&&this.state.ranges.length>=20?this.formError=`At most ${20} range filters.`:(this.formError="",this.change(zn(this.state.ranges,{column:s,low:o,high:a})),i.reset())}render(){let n=this.state,i=Dl(this.info.identities,n.metric,this.info.kind==="counts",n.x2!==null);return b`
      <div class="chips" role="list" aria-label="Active range filters" data-testid="filter-chips">
        ${n.ranges.length===0?b`<span class="none">No range filters. Brush a plot or add one below.</span>`:x}
        ${n.ranges.map(r=>b`
            <span class="chip" role="listitem" data-testid="filter-chip" data-column=${r.column}>
              <span>${Be(r)}</span>
              <button
                type="button"
                data-testid="filter-chip-remove"
                aria-label=${`Remove filter ${Be(r)}`}
                @click=${()=>this.change(Ys(n.ranges,r.column))}
              >
                \u00d7
              </button>
            </span>
          `)}
        ${n.ranges.length>1?b`<button type="button" data-testid="clear-filters" @click=${()=>this.change([])}>Clear all</button>`:x}
      </div>
      <form @submit=${this.onAdd} aria-label="Add a range filter" data-testid="range-form">
        <select name="column" data-testid="range-column" aria-label="Column to filter">
          ${i.map(r=>b`<option .value=${r.id}>${r.title}</option>`)}
        </select>
        <input name="low" type="text" inputmode="decimal" placeholder="min" aria-label="Minimum (empty: no minimum)" data-testid="range-min" />
        <input name="high" type="text" inputmode="decimal" placeholder="max" aria-label="Maximum (empty: no maximum)" data-testid="range-max" />
        <button type="submit" data-testid="range-add">Add</button>
      </form>
      ${this.formError?b`<div class="error" role="alert">${this.formError}</div>`:x}
      <div class="options">
        <label>
          Min. count C(y)
          <input
            type="number"
            min="0"
            step="1"
            data-testid="min-count-input"
            .value=${String(n.minCount)}
            @change=${r=>{let s=r.target,o=Math.floor(Number(s.value));Number.isFinite(o)&&o>=0?D(this,"state-change",{minCount:o}):s.value=String(n.minCount)}}
          />
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="include-zero-checkbox"
            .checked=${n.includeZero}
            @change=${r=>D(this,"state-change",{includeZero:r.target.checked})}
          />
          Include labels never seen with one of the pair
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="include-undefined-checkbox"
            .checked=${n.includeUndefined}
            @change=${r=>D(this,"state-change",{includeUndefined:r.target.checked})}
          />
          Include undefined gaps (ranked last)
        </label>
      </div>
    `}};Vt.styles=[Z,K`
      :host {
        display: block;
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        margin-bottom: 8px;
        min-height: 24px;
        align-items: center;
      }
      .chip {
        display: inline-flex;
        align-items: center;
        gap: 4px;
        background: var(--selected);
        border: 1px solid #b6d3ea;
        border-radius: 12px;
        padding: 1px 2px 1px 8px;
        max-width: 100%;
      }
      .chip span {
        overflow-wrap: anywhere;
      }
      .chip button {
        border: none;
        background: transparent;
        border-radius: 50%;
        width: 20px;
        height: 20px;
        padding: 0;
        line-height: 1;
      }
      .chip button:hover {
        background: #cfe2f3;
      }
      .none {
        color: var(--muted);
      }
      form {
        display: grid;
        grid-template-columns: 1fr 1fr auto;
        gap: 4px;
      }
      form select {
        grid-column: 1 / -1;
      }
      .options {
        display: grid;
        gap: 4px;
        margin-top: 8px;
      }
      .options label {
        display: flex;
        gap: 6px;
        align-items: center;
      }
      .options input[type="number"] {
        width: 6rem;
      }
    `],w([E({attribute:!1})],Vt.prototype,"state",2),w([E({attribute:!1})],Vt.prototype,"info",2),w([z()],Vt.prototype,"formError",2),Vt=w([Q("tb-bias-filters")],Vt);var mu=210,vn={top:26,right:40,bottom:12,left:46},ot=class extends L{constructor(){super(...arguments);this.rows=[];this.missing=[];this.hovered=null;this.valueDomain=null;this.loading=!1;this.error="";this.width=600;this.resizeObserver=null}connectedCallback(){super.connectedCallback(),this.resizeObserver=new ResizeObserver(n=>{let i=Math.floor(n[0]?.contentRect.width??0);i>0&&Math.abs(i-this.width)>=1&&(this.width=i)}),this.resizeObserver.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this.resizeObserver?.disconnect()}scales(){let n=this.info.identities,i=Nl().domain(n).range([vn.left,Math.max(vn.left+40,this.width-vn.right)]).padding(n.length===1?.5:0),r=this.valueDomain??fu(this.rows.flatMap(o=>n.map(a=>o.values[a]??null))),s=gn().domain(r).range([mu-vn.bottom,vn.top]).nice();return{x:i,y:s}}updated(n){if(!["rows","width","valueDomain","info","state"].some(r=>n.has(r)))return;let{y:i}=this.scales();this.renderRoot.querySelectorAll("g.axis").forEach((r,s)=>{let o=Zo(i).ticks(5).tickSizeOuter(0);s>0&&o.tickFormat(()=>""),nt(r).call(o)})}render(){let n=this.state,i=this.info.identities,r=this.rows.length,s=b`<div class="head">
      <h2 id="pcp-title">Selected labels${r?` (${r})`:""}</h2>
      ${r?b`<span class="legend" aria-label="Line colour">
            <span><i style="background:${Et(i,n.x1)}"></i>gap towards ${n.x1}</span>
            ${n.x2!==null?b`<span><i style="background:${Qt(i,n.x1,n.x2,-1)}"></i>towards ${n.x2==="rest"?"the rest":n.x2}</span>`:x}
          </span>`:x}
    </div>`,o=this.error?b`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:x,a=this.missing.length?b`<p class="hint" data-testid="pcp-missing">
          ${this.missing.length} selected label${this.missing.length===1?" is":"s are"} not in this table.
        </p>`:x;if(n.selected.length===0)return b`${s}${o}
        <p class="hint" data-testid="pcp-empty">
          Tick labels in the table to compare their ${n.metric} across ${i.join(", ")} here.
        </p>`;if(r===0)return b`${s}${o}${a}
        ${this.loading?b`<p class="loading" data-testid="loading">Loading selected labels\u2026</p>`:x}`;let{x:l,y:u}=this.scales(),c=i.map(d=>l(d)??0),h=this.hovered===null?void 0:this.rows.find(d=>d.label===this.hovered),f=h?h.label:null;return b`${s}${o}
      <p class="hover" data-testid="pcp-hover-label" aria-live="polite">
        ${h?b`<strong>${h.label}</strong>: ${i.map(d=>`${d} ${bt(h.values[d]??null)}`).join(", ")}; gap ${Kt(h.gap)}`:b`<span class="muted">Hover a line or a table row to see its values.</span>`}
      </p>
      <svg
        width=${this.width}
        height=${mu}
        role="img"
        aria-labelledby="pcp-title"
        aria-busy=${this.loading}
        data-testid="pcp"
      >
        ${i.map((d,m)=>ut`
            <g class="axis" transform=${`translate(${c[m]},0)`}></g>
            <text class="axis-title" x=${c[m]} y="14" text-anchor="middle"
              fill=${ei(i,d)}>${d}</text>`)}
        ${this.rows.map(d=>{let m=hu(i.map(p=>d.values[p]??null),c,u),g=f===null?"line":d.label===f?"line hovered":"line dim";return ut`<path class=${g} data-testid="pcp-line" data-label=${d.label} d=${m}
              stroke=${Qt(i,n.x1,n.x2,d.gap)}></path>
            <path class="hit" d=${m}
              @mouseenter=${()=>D(this,"hover-label",d.label)}
              @mouseleave=${()=>D(this,"hover-label",null)}>
              <title>${d.label}: ${n.metric} ${i.map(p=>`${p} ${bt(d.values[p]??null)}`).join(", ")}; gap (${St(n.x1,n.x2)}) ${Kt(d.gap)}</title>
            </path>`})}
      </svg>
      ${a}`}};ot.styles=[Z,K`
      :host {
        display: block;
      }
      .head {
        display: flex;
        gap: 12px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .legend {
        display: inline-flex;
        gap: 12px;
        color: var(--muted);
        font-size: 12px;
      }
      .legend i {
        display: inline-block;
        width: 14px;
        height: 3px;
        vertical-align: middle;
        margin-right: 4px;
      }
      svg {
        display: block;
      }
      svg[aria-busy="true"] {
        opacity: 0.55;
      }
      path.line {
        fill: none;
        stroke-width: 1.6;
        stroke-opacity: 0.75;
        stroke-linecap: round;
        stroke-linejoin: round;
        pointer-events: none;
      }
      path.line.hovered {
        stroke-width: 3.5;
        stroke-opacity: 1;
      }
      path.line.dim {
        stroke-opacity: 0.2;
      }
      path.hit {
        fill: none;
        stroke: transparent;
        stroke-width: 9;
        stroke-linecap: round;
        cursor: pointer;
      }
      .axis-title {
        font-weight: 600;
        font-size: 12px;
      }
      .hover {
        margin: 0;
        min-height: 1.4em;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .muted {
        color: var(--muted);
      }
      .hint {
        color: var(--muted);
        margin: 4px 0;
      }
    `],w([E({attribute:!1})],ot.prototype,"rows",2),w([E({attribute:!1})],ot.prototype,"missing",2),w([E({attribute:!1})],ot.prototype,"state",2),w([E({attribute:!1})],ot.prototype,"info",2),w([E({attribute:!1})],ot.prototype,"hovered",2),w([E({attribute:!1})],ot.prototype,"valueDomain",2),w([E({type:Boolean})],ot.prototype,"loading",2),w([E({attribute:!1})],ot.prototype,"error",2),w([z()],ot.prototype,"width",2),ot=w([Q("tb-bias-pcp")],ot);Yn();function Ae(t){return t.replace(/[^A-Za-z0-9._-]+/g,"_")}function gu(t){return{href:no(t),filename:`tb_bias_${Ae(t.run)}_${Ae(t.tag)}_${Ae(t.metric)}.csv`}}function _u(t){return{href:io(t),filename:`tb_bias_${Ae(t.run)}_${Ae(t.tag)}_${Ae(t.metric)}_flagged.csv`}}var bu=30,jp=25,Wp=300,$s=class extends he{constructor(...e){super(...e),this._overhang=4*bu,this._itemSize={width:100,height:bu}}},Xp={type:$s};function Kp(t,e){return t===null||e===null?"none (one identity)":e==="rest"?`${t} − mean of the rest`:`${t} − ${e}`}var it=class extends L{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.selected=new Set;this.hovered=null;this.revision=0;this.valueDomain=[-1,1];this.gapDomain=[-2,2];this.busy=!1;this.draft=null;this.lastEmittedQ=null;this.meta=null;this.rows=new fe(this);this.sendSearch=n=>{this.lastEmittedQ=n,D(this,"state-change",{q:n})};this.searchSoon=br(this.sendSearch,jp);this.searchWhenIdle=br(this.sendSearch,Wp);this.onRowEnter=n=>{let i=this.rowLabel(n);i!==null&&D(this,"hover-label",i)};this.onRowLeave=n=>{this.rowLabel(n)!==null&&D(this,"hover-label",null)};this.onSelectChange=n=>{let i=this.rowLabel(n);if(i===null)return;let r=n.target.checked;this.change({selected:qn(this.state.selected,[i],r)})};this.onFlagClick=n=>{let i=this.rowLabel(n);i!==null&&D(this,"flag-op",{kind:"flagged",labels:[i],on:!this.flags.flagged.has(i)})};this.onHideClick=n=>{let i=this.rowLabel(n);i!==null&&D(this,"flag-op",{kind:"hidden",labels:[i],on:!this.flags.hidden.has(i)})};this.onRowsScroll=n=>{let i=this.renderRoot.querySelector(".header-viewport"),r=n.currentTarget.scrollLeft;i&&i.scrollLeft!==r&&(i.scrollLeft=r)}}disconnectedCallback(){super.disconnectedCallback(),this.searchSoon.cancel(),this.searchWhenIdle.cancel()}willUpdate(n){if(n.has("state")&&this.state.q!==this.lastEmittedQ&&(this.draft=null),n.has("state")||n.has("revision")||n.has("api")){let i=this.state,r=`${Un(i)}|${i.sort}|${i.order}`,s=`${r}|${this.revision}`,o=this.rows.key!==null&&this.rows.key.startsWith(`${r}|`);if(this.rows.setQuery(s,async(l,u,c)=>{try{let h=await this.api.get(He(i,l,u),c);return c.aborted||(this.meta=h),{rows:h.rows,total:h.total}}finally{c.aborted||D(this,"rows-loaded",null)}},{keepRows:!0,fromTop:!o})&&!o){let l=this.renderRoot.querySelector("lit-virtualizer");l&&(l.scrollTop=0)}}}columns(){return Ll(this.info.identities,this.state.metric,this.state.showCounts,this.state.x2!==null)}onSearch(n){let i=n.target.value;this.draft=i,so(i)?(this.searchWhenIdle.cancel(),this.searchSoon(i)):(this.searchSoon.cancel(),this.searchWhenIdle(i))}change(n){D(this,"state-change",n)}bulk(n,i){D(this,"bulk-op",{kind:n,on:i})}sortHeader(n){let i=this.state,r=i.sort===n.id,s=r?i.order==="asc"?"ascending":i.order==="desc"?"descending":"other":"none",o=r?i.order==="asc"?"▲":i.order==="desc"?"▼":"|▼|":"",a=r?`, sorted ${i.order==="abs"?"by absolute value":s}`:"",l=n.title;return b`<div role="columnheader" class=${n.kind==="label"?"cell label":"cell"} aria-sort=${s} title=${n.kind==="gap"?`gap of ${i.metric}: ${St(i.x1,i.x2)}`:Dn(n.id)}>
      <button
        type="button"
        data-testid=${`sort-header-${n.id}`}
        aria-label=${`${n.kind==="gap"?`Gap, ${St(i.x1,i.x2)}`:Dn(n.id)}${a}. Click to sort.`}
        @click=${()=>this.change(xo(i,n.id))}
      >
        <span class="t" style=${Bn({color:n.kind==="value"?ei(this.info.identities,n.identity):""})}
          >${l}</span
        ><span class="arrow" aria-hidden="true">${o}</span>
      </button>
    </div>`}cell(n,i){let r=this.state,s=this.info.identities;switch(i.kind){case"label":return b`<div role="cell" class="cell label" data-testid="cell-label" title=${n?n.label:""}
          >${n?n.label:"Loading…"}</div
        >`;case"value":{let o=n?n.values[i.identity??""]??null:null;return b`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-value"
          data-identity=${i.identity??""}
          style=${_r(o,this.valueDomain,Et(s,i.identity))}
        >${n?bt(o):""}</div>`}case"gap":{let o=n?n.gap:null;return b`<div
          role="cell"
          class="cell valuecell"
          data-testid="cell-gap"
          style=${_r(o,this.gapDomain,Qt(s,r.x1,r.x2,o))}
        >${n?Kt(o):""}</div>`}case"count":{let o=n?i.identity===null?n.count:n.cooccurrence?.[i.identity]??null:null;return b`<div role="cell" class="cell num" data-testid="cell-count">${n?U(o):""}</div>`}}}rowLabel(n){return n.currentTarget.closest("[role=row]")?.dataset.label??null}renderRow(n,i){let r=this.rows.cache.get(n),s=r?r.label:"",o=r!==void 0&&this.flags.flagged.has(s),a=r!==void 0&&this.flags.hidden.has(s),l=r!==void 0&&this.selected.has(s),u=["row",r?"data":"placeholder",l?"selected":"",a?"hidden-label":"",r!==void 0&&this.hovered===s?"hovered":"",r!==void 0&&this.rows.cache.isStale(n)?"stale":""].join(" ");return b`<div
      class=${u}
      role="row"
      aria-rowindex=${n+2}
      aria-selected=${r?String(l):x}
      aria-busy=${r?x:"true"}
      data-testid=${r?"table-row":"table-row-placeholder"}
      data-label=${r?s:x}
      data-rank=${r?n+1:x}
      @mouseenter=${this.onRowEnter}
      @mouseleave=${this.onRowLeave}
      @focusin=${this.onRowEnter}
      @focusout=${this.onRowLeave}
    >
      <div class="lead" role="none">
      <div role="cell" class="cell select">
        <input
          type="checkbox"
          data-testid="select-checkbox"
          ?hidden=${!r}
          aria-label=${`Select ${s} for parallel coordinates`}
          .checked=${l}
          @change=${this.onSelectChange}
        />
      </div>
      <div role="cell" class="cell actions">
        <button
          type="button"
          class="flag"
          data-testid="flag-button"
          ?hidden=${!r}
          aria-pressed=${o}
          aria-label=${`${o?"Unflag":"Flag"} ${s}`}
          title=${o?"Unflag":"Flag"}
          ?disabled=${this.busy}
          @click=${this.onFlagClick}
        >
          ${ni}
        </button>
        <button
          type="button"
          class="hide"
          data-testid="hide-button"
          ?hidden=${!r}
          aria-pressed=${a}
          aria-label=${`${a?"Unhide":"Hide"} ${s}`}
          title=${a?"Unhide":"Hide"}
          ?disabled=${this.busy}
          @click=${this.onHideClick}
        >
          ${Wo}
        </button>
      </div>
      ${this.cell(r,i[0])}
      </div>
      ${i.slice(1).map(c=>this.cell(r,c))}
    </div>`}toolbar(){let n=this.state,i=gu(n),r=_u(n);return b`
      <div class="toolbar">
        <div class="search" role="search">
          <label class="visually-hidden" for="search">Search labels (regular expression)</label>
          <input
            id="search"
            type="search"
            data-testid="search-input"
            placeholder="Search labels (regular expression)"
            autocomplete="off"
            spellcheck="false"
            .value=${this.draft??n.q}
            @input=${this.onSearch}
            @keydown=${s=>{s.key==="Enter"&&(this.searchSoon.flush(),this.searchWhenIdle.flush())}}
          />
          <label class="toggle">
            <input
              type="checkbox"
              data-testid="case-checkbox"
              .checked=${n.caseSensitive}
              @change=${s=>this.change({caseSensitive:s.target.checked})}
            />Aa<span class="visually-hidden">case-sensitive search</span>
          </label>
        </div>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="counts-toggle"
            .checked=${n.showCounts}
            @change=${s=>this.change({showCounts:s.target.checked})}
          />Counts
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="flagged-only-toggle"
            .checked=${n.flaggedOnly}
            @change=${s=>this.change({flaggedOnly:s.target.checked})}
          />Flagged only
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            data-testid="show-hidden-toggle"
            .checked=${n.showHidden}
            @change=${s=>this.change({showHidden:s.target.checked})}
          />Show hidden
        </label>
        <div class="downloads">
          <a href=${i.href} download=${i.filename} data-testid="csv-link">Download CSV</a>
          <a href=${r.href} download=${r.filename} data-testid="flagged-csv-link">Flagged CSV</a>
        </div>
      </div>
    `}summary(n){let i=[Fn(n,this.info.num_labels)];return this.meta?.num_examples&&i.push(`${U(this.meta.num_examples)} examples`),i.push(`${this.state.metric}, gap = ${Kp(this.state.x1,this.state.x2)}`),i.filter(r=>r!=="").join(" · ")}bulkBar(n){let i=!n||this.busy;return b`<div class="bulk" role="group" aria-label="Actions on every label of the result">
      <span class="total" data-testid="table-total" aria-live="polite">${this.summary(n)}</span>
      <span aria-hidden="true">\u00b7 all:</span>
      <button type="button" data-testid="flag-all-button" ?disabled=${i} @click=${()=>this.bulk("flagged",!0)}>Flag</button>
      <button type="button" data-testid="unflag-all-button" ?disabled=${i} @click=${()=>this.bulk("flagged",!1)}>Unflag</button>
      <button type="button" data-testid="hide-all-button" ?disabled=${i} @click=${()=>this.bulk("hidden",!0)}>Hide</button>
      <button type="button" data-testid="unhide-all-button" ?disabled=${i} @click=${()=>this.bulk("hidden",!1)}>Unhide</button>
      <button type="button" data-testid="select-all-button" ?disabled=${i} @click=${()=>this.bulk("selected",!0)}>Select</button>
      <button
        type="button"
        data-testid="clear-selection-button"
        ?disabled=${this.state.selected.length===0}
        @click=${()=>this.change({selected:[]})}
      >
        Clear selection
      </button>
    </div>`}render(){let n=this.columns(),i=Fl(n),r=this.rows.cache,s=this.rows.total,o=r.error,a=this.rows.loading;return b`
      ${this.toolbar()} ${this.bulkBar(s)}
      ${o?b`<div class="error" role="alert" data-testid="error-message">
            ${dt(o)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:x}
      <div
        class="table"
        role="table"
        aria-label=${`Labels ranked by ${this.state.sort}`}
        aria-rowcount=${(s??0)+1}
        aria-busy=${a}
        data-testid="ranked-table"
        data-total=${s??""}
        data-loading=${a}
        style=${`--cols: ${i}; --min-width: ${Vl(n)}rem; --select-width: ${Ni}rem; --actions-width: ${Ii}rem`}
      >
        <div class="header-viewport" data-testid="table-header">
          <div class="row header" role="row" aria-rowindex="1">
            <div class="lead" role="none">
              <div role="columnheader" class="cell select"><span class="visually-hidden">Selected</span></div>
              <div role="columnheader" class="cell actions" title="Flag or hide a label">
                <span class="visually-hidden">Flag or hide</span>
              </div>
              ${this.sortHeader(n[0])}
            </div>
            ${n.slice(1).map(l=>this.sortHeader(l))}
          </div>
        </div>
        ${s===null&&a?b`<div class="empty loading" data-testid="loading">Loading labels\u2026</div>`:x}
        ${s===0?b`<div class="empty" data-testid="table-empty">No labels match the current filters.</div>`:x}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${Xp}
          .items=${this.rows.items}
          .renderItem=${l=>this.renderRow(l,n)}
          @rangeChanged=${l=>this.rows.onRange(l.first,l.last)}
          @scroll=${this.onRowsScroll}
        ></lit-virtualizer>
      </div>
    `}};it.styles=[Z,K`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 12px;
        align-items: center;
        margin-bottom: 6px;
      }
      .search {
        display: flex;
        gap: 6px;
        align-items: center;
        flex: 1 1 16rem;
      }
      .search input[type="search"] {
        flex: 1;
        min-width: 8rem;
      }
      .toggle {
        display: inline-flex;
        gap: 4px;
        align-items: center;
        white-space: nowrap;
      }
      .bulk {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        margin-bottom: 6px;
        color: var(--muted);
      }
      .bulk button {
        padding: 1px 6px;
      }
      .downloads {
        margin-left: auto;
        display: flex;
        gap: 10px;
      }
      .total {
        color: var(--muted);
        white-space: nowrap;
      }
      .table {
        display: flex;
        flex-direction: column;
        flex: 1;
        min-height: 240px;
        border: 1px solid var(--border);
        border-radius: 6px;
        background: #fff;
        overflow: hidden;
      }
      .row {
        display: grid;
        grid-template-columns: var(--cols);
        align-items: center;
        width: 100%;
        min-width: var(--min-width);
        height: 30px; /* ROW_HEIGHT */
        border-bottom: 1px solid #eef0f2;
        padding-right: 4px;
        background: #fff;
      }
      /* Select, actions and label: one block that stays in view while the
         rows scroll sideways (one sticky element per row keeps painting cheap). */
      .lead {
        position: sticky;
        left: 0;
        align-self: stretch;
        display: flex;
        align-items: center;
        min-width: 0;
        background: inherit;
        box-shadow: 1px 0 0 #eef0f2;
      }
      .lead > .select {
        flex: none;
        width: var(--select-width);
        display: flex;
        justify-content: center;
        padding: 0;
      }
      .lead > .actions {
        flex: none;
        width: var(--actions-width);
        padding: 0 2px;
      }
      .lead > .label {
        flex: 1;
      }
      .header-viewport {
        overflow: hidden;
        flex: none;
        border-bottom: 1px solid var(--border);
      }
      /* Rows the virtualizer keeps outside the visible part (its overhang)
         are not styled, laid out or painted until they scroll into view. */
      lit-virtualizer > .row {
        content-visibility: auto;
        contain-intrinsic-size: auto 30px;
      }
      .header {
        height: auto;
        min-height: 34px;
        background: #f8f9fa;
        border-bottom: none;
        font-weight: 600;
      }
      .header button {
        border: none;
        background: transparent;
        padding: 2px 4px;
        text-align: left;
        font-weight: 600;
        width: 100%;
        display: flex;
        gap: 4px;
        align-items: center;
        overflow: hidden;
      }
      .header button span.t {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .arrow {
        color: var(--accent);
        font-size: 11px;
        flex: none;
      }
      lit-virtualizer {
        flex: 1;
        min-height: 0;
      }
      .cell {
        padding: 0 6px;
        min-width: 0;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .num {
        font-variant-numeric: tabular-nums;
        text-align: right;
      }
      .center {
        display: flex;
        justify-content: center;
      }
      /* A value and its bar, drawn as the cell's background (see barStyle):
         the zero line, the fill and the track, left of the number. */
      .valuecell {
        --r: 4rem; /* room for the number */
        --span: calc(100% - var(--r));
        text-align: right;
        font-variant-numeric: tabular-nums;
        background-origin: content-box;
        background-clip: content-box;
        background-image:
          linear-gradient(#9aa0a6, #9aa0a6),
          linear-gradient(var(--c, transparent), var(--c, transparent)),
          linear-gradient(#f1f3f4, #f1f3f4);
        background-repeat: no-repeat;
        background-size:
          1px 14px,
          calc(var(--w, 0) * var(--span)) 10px,
          var(--span) 10px;
        background-position:
          calc(var(--o, -1) * var(--span)) 50%,
          calc(var(--p, 0) * var(--span)) 50%,
          0 50%;
      }
      .row.data:hover,
      .row.hovered {
        background: var(--hover);
      }
      .row.selected {
        background: var(--selected);
      }
      .row.selected.hovered {
        background: #f6e7c1;
      }
      .row.hidden-label .label {
        color: var(--muted);
        font-style: italic;
      }
      .row.stale {
        opacity: 0.5;
      }
      .placeholder {
        color: var(--muted);
      }
      .actions {
        display: flex;
        gap: 2px;
        justify-content: flex-start;
      }
      .actions button {
        border: 1px solid transparent;
        background: transparent;
        width: 26px;
        height: 24px;
        padding: 0;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        color: #767676;
      }
      .actions button:hover {
        border-color: var(--border);
      }
      .actions button[aria-pressed="true"].flag {
        color: #d55e00;
      }
      .actions button[aria-pressed="true"].hide {
        color: #1f1f1f;
      }
      .empty {
        padding: 16px;
        color: var(--muted);
      }
      .status {
        min-height: 18px;
      }
    `],w([E({attribute:!1})],it.prototype,"api",2),w([E({attribute:!1})],it.prototype,"state",2),w([E({attribute:!1})],it.prototype,"info",2),w([E({attribute:!1})],it.prototype,"flags",2),w([E({attribute:!1})],it.prototype,"selected",2),w([E({attribute:!1})],it.prototype,"hovered",2),w([E({type:Number})],it.prototype,"revision",2),w([E({attribute:!1})],it.prototype,"valueDomain",2),w([E({attribute:!1})],it.prototype,"gapDomain",2),w([E({type:Boolean})],it.prototype,"busy",2),it=w([Q("tb-bias-table")],it);var Gp=250,Yp=10*qe,F=class extends L{constructor(){super(...arguments);this.api=Ws();this.hashWin=Mo(window);this.writing=!1;this.effectsPending=!1;this.view=lr(this.hashWin);this.resolution=null;this.runs=null;this.runsError="";this.runsLoading=!1;this.flags=null;this.lookup={flagged:new Set,hidden:new Set};this.notice="";this.rowsRevision=0;this.confirmedFlags=null;this.pendingFlagOps=0;this.rowsChangedByFlags=!1;this.flagChain=Promise.resolve();this.distribution=null;this.distributionLoading=!1;this.distributionError="";this.distributionKey="";this.runsAbort=null;this.distributionAbort=null;this.distributionWaiting=null;this.selectedRows=[];this.selectedMissing=[];this.selectedLoading=!1;this.selectedError="";this.selectedKey="";this.selectedAbort=null;this.hovered=null;this.bulkBusy=!1;this.reloads=0;this.onHashChange=()=>{if(this.writing||!Eo(this.hashWin.location.hash))return;let n=lr(this.hashWin);JSON.stringify(We(n))!==JSON.stringify(We(this.view))&&this.applyView(n)};this.onStateChange=n=>{n.stopPropagation(),this.applyView({...this.view,...n.detail})};this.onHover=n=>{n.stopPropagation(),this.hovered=n.detail};this.onRowsLoaded=n=>{n.stopPropagation();let i=this.distributionWaiting;i&&(this.stopWaitingForRows(),this.fetchDistribution(i.url))};this.onFlagOp=n=>{n.stopPropagation(),this.flagOp(n.detail)};this.onBulkOp=n=>{n.stopPropagation(),this.bulkOp(n.detail.kind,n.detail.on)}}connectedCallback(){super.connectedCallback(),this.hashWin.addEventListener("hashchange",this.onHashChange),this.addEventListener("state-change",this.onStateChange),this.addEventListener("flag-op",this.onFlagOp),this.addEventListener("bulk-op",this.onBulkOp),this.addEventListener("hover-label",this.onHover),this.addEventListener("rows-loaded",this.onRowsLoaded),this.loadRuns()}disconnectedCallback(){super.disconnectedCallback(),this.hashWin.removeEventListener("hashchange",this.onHashChange),this.distributionAbort?.abort(),this.selectedAbort?.abort(),this.runsAbort?.abort(),this.stopWaitingForRows()}applyView(n){let i=this.resolution?.state.tag??null;if(!this.runs){this.view=n;return}this.resolution=wo(n,this.runs),this.view=this.resolution?this.resolution.state:n,this.effectsPending=!0;let r=this.resolution?.state;r&&(r.tag!==i?(this.flags=null,this.confirmedFlags=null,this.lookup=ir(er(r.tag)),this.loadFlagsFor(r.tag)):this.flags===null&&this.loadFlagsFor(r.tag))}updated(){this.effectsPending&&(this.effectsPending=!1,queueMicrotask(()=>{this.isConnected&&(this.writeUrl(),this.refreshDistribution(!1),this.refreshSelected(!1))}))}writeUrl(){this.writing=!0;try{ko(this.hashWin,this.view,()=>new HashChangeEvent("hashchange"))}catch{}finally{this.writing=!1}}async loadRuns(){this.runsAbort?.abort();let n=new AbortController;this.runsAbort=n,this.runsLoading=!0,this.runsError="";try{let i=await this.api.get(eo,n.signal);if(n.signal.aborted)return;this.runs=i,this.applyView(this.view)}catch(i){if(n.signal.aborted||Fe(i))return;this.runsError=dt(i)}finally{n.signal.aborted||(this.runsLoading=!1)}}reload(){this.reloads++,this.rowsRevision++,this.flags=null,this.loadRuns()}refreshDistribution(n){let i=this.resolution?.state;if(!i)return;let r=Zs(i),s=`${r}#${this.reloads}`;if(!n&&s===this.distributionKey)return;if(this.distributionKey=s,this.distributionAbort?.abort(),this.distributionLoading=!0,this.stopWaitingForRows(),i.view!=="table"){this.fetchDistribution(r);return}let o=setTimeout(()=>{this.distributionWaiting=null,this.fetchDistribution(r)},Gp);this.distributionWaiting={url:r,timer:o}}stopWaitingForRows(){this.distributionWaiting&&clearTimeout(this.distributionWaiting.timer),this.distributionWaiting=null}fetchDistribution(n){this.distributionAbort?.abort();let i=new AbortController;this.distributionAbort=i,this.distributionLoading=!0,this.api.get(n,i.signal).then(r=>{i.signal.aborted||(this.distribution=r,this.distributionError="",this.distributionLoading=!1)},r=>{i.signal.aborted||Fe(r)||(this.distribution=null,this.distributionError=dt(r),this.distributionLoading=!1)})}refreshSelected(n){let i=this.resolution?.state;if(!i)return;if(i.selected.length===0){this.selectedKey="",this.selectedAbort?.abort(),this.selectedRows=[],this.selectedMissing=[],this.selectedLoading=!1,this.selectedError="";return}let r=ro(i,i.selected),s=`${r.join(`
`)}#${this.reloads}`;if(!n&&s===this.selectedKey)return;this.selectedKey=s,this.selectedAbort?.abort();let o=new AbortController;this.selectedAbort=o,this.selectedLoading=!0;let a=i.selected;Promise.all(r.map(l=>this.api.get(l,o.signal))).then(l=>{if(o.signal.aborted)return;let u=new Map;for(let c of l)for(let h of c.rows)u.set(h.label,h);this.selectedRows=a.flatMap(c=>u.get(c)??[]),this.selectedMissing=a.filter(c=>!u.has(c)),this.selectedError="",this.selectedLoading=!1},l=>{o.signal.aborted||Fe(l)||(this.selectedError=dt(l),this.selectedLoading=!1)})}async loadFlagsFor(n){try{let i=await rr(this.api,n);if(this.resolution?.state.tag!==n)return;this.setFlags(i),this.confirmedFlags=i}catch(i){if(this.resolution?.state.tag!==n)return;this.setFlags(er(n)),this.confirmedFlags=null,this.notice=`Cannot load flags: ${dt(i)}`}}setFlags(n){this.flags=n,this.lookup=ir(n)}flagOp(n){let i=this.resolution?.state;if(!i)return;if(!this.flags||this.flags.tag!==i.tag){this.notice="The flags of this table are still loading; try again in a moment.";return}if(oo(this.flags,n))return;let r=this.flags.tag;this.setFlags(nr(this.flags,n)),(n.kind==="hidden"&&!i.showHidden||n.kind==="flagged"&&i.flaggedOnly)&&(this.rowsChangedByFlags=!0),this.pendingFlagOps++,this.flagChain=this.flagChain.then(async()=>{try{let s=this.confirmedFlags,o=s&&s.tag===r?s:await rr(this.api,r),a=await ao(this.api,o,n);this.resolution?.state.tag===r&&(this.confirmedFlags=a.state),a.rebased&&(this.notice="The flags had been changed elsewhere; your change was applied on top of the latest ones.")}catch(s){this.notice=`Could not save the change: ${dt(s)}`}finally{this.pendingFlagOps--,this.pendingFlagOps===0&&this.confirmedFlags&&this.confirmedFlags.tag===this.resolution?.state.tag&&(this.setFlags(this.confirmedFlags),this.rowsChangedByFlags&&(this.rowsChangedByFlags=!1,this.rowsRevision++,this.refreshDistribution(!0)))}})}async bulkOp(n,i){let r=this.resolution?.state;if(!(!r||this.bulkBusy)){this.bulkBusy=!0;try{if(n==="selected"){let{labels:s,total:o}=await tr(this.api,r,Gt,!0);this.applyView({...this.view,selected:qn(this.view.selected,s,i)}),o>Gt&&(this.notice=`Selected the first ${U(Gt)} of ${U(o)} labels.`)}else{let s=n==="hidden"&&!i?{...r,showHidden:!0}:r,{labels:o}=await tr(this.api,s,Yp);this.flagOp({kind:n,labels:o,on:i})}}catch(s){this.notice=s instanceof Ue?`The result has ${U(s.total)} labels; narrow the filters to at most ${U(s.cap)} to change them all at once.`:dt(s)}finally{this.bulkBusy=!1}}}setTab(n){this.applyView({...this.view,view:n})}onTabKey(n){if(n.key!=="ArrowLeft"&&n.key!=="ArrowRight")return;let i=this.view.view==="table"?"compare":"table";this.setTab(i),this.updateComplete.then(()=>this.renderRoot.querySelector(`[data-testid="view-${i}"]`)?.focus())}render(){if(!this.runs)return b`<div class="centered">
        ${this.runsError?b`<div class="error" role="alert" data-testid="error-message">
              Cannot list the logged tables: ${this.runsError}
              <button type="button" @click=${()=>{this.loadRuns()}}>Retry</button>
            </div>`:b`<p class="loading" data-testid="loading">Loading tables\u2026</p>`}
      </div>`;if(!this.resolution)return b`<tb-bias-empty-state></tb-bias-empty-state>
        <div style="text-align:center">
          <button type="button" data-testid="reload-button" @click=${()=>this.reload()}>Reload</button>
        </div>`;let{state:n,info:i}=this.resolution,r=new Set(n.selected),s=this.distribution?.domain??null,o=this.distribution?.gap?.domain??[-2,2];return b`
      <div class="app">
        <aside aria-label="Controls and filters">
          <div class="title">
            <h1>Label associations</h1>
            <button
              type="button"
              data-testid="reload-button"
              aria-busy=${this.runsLoading}
              @click=${()=>this.reload()}
              title="Fetch new steps and data"
            >
              ${this.runsLoading?"Reloading…":"Reload"}
            </button>
          </div>
          ${this.runsError?b`<div class="error" role="alert" data-testid="error-message">${this.runsError}</div>`:x}
          <section class="panel" aria-labelledby="controls-title">
            <h2 id="controls-title">Data</h2>
            <tb-bias-controls .runs=${this.runs} .state=${n} .info=${i}></tb-bias-controls>
          </section>
          <section class="panel" aria-labelledby="filters-title">
            <h2 id="filters-title">Filters</h2>
            <tb-bias-filters .state=${n} .info=${i}></tb-bias-filters>
          </section>
          <section class="panel">
            <tb-bias-distributions
              .data=${this.distribution}
              .state=${n}
              .info=${i}
              .loading=${this.distributionLoading}
              .error=${this.distributionError}
            ></tb-bias-distributions>
          </section>
        </aside>
        <main>
          ${this.notice?b`<div class="notice" role="status" data-testid="notice">
                <span>${this.notice}</span>
                <button type="button" aria-label="Dismiss" @click=${()=>this.notice=""}>\u00d7</button>
              </div>`:x}
          <div class="tabs" role="tablist" aria-label="Views" @keydown=${this.onTabKey}>
            <button
              type="button"
              role="tab"
              data-testid="view-table"
              aria-selected=${n.view==="table"}
              tabindex=${n.view==="table"?0:-1}
              @click=${()=>this.setTab("table")}
            >
              Ranked labels
            </button>
            <button
              type="button"
              role="tab"
              data-testid="view-compare"
              aria-selected=${n.view==="compare"}
              tabindex=${n.view==="compare"?0:-1}
              @click=${()=>this.setTab("compare")}
            >
              Compare runs / steps
            </button>
          </div>
          ${n.view==="table"?b`
                <section class="panel" role="tabpanel" aria-label="Selected labels">
                  <tb-bias-pcp
                    .rows=${this.selectedRows}
                    .missing=${this.selectedMissing}
                    .state=${n}
                    .info=${i}
                    .hovered=${this.hovered}
                    .valueDomain=${s}
                    .loading=${this.selectedLoading}
                    .error=${this.selectedError}
                  ></tb-bias-pcp>
                </section>
                <tb-bias-table
                  role="tabpanel"
                  aria-label="Ranked labels"
                  .api=${this.api}
                  .state=${n}
                  .info=${i}
                  .flags=${this.lookup}
                  .selected=${r}
                  .hovered=${this.hovered}
                  .revision=${this.rowsRevision}
                  .valueDomain=${s??[-1,1]}
                  .gapDomain=${o}
                  .busy=${this.bulkBusy}
                ></tb-bias-table>
              `:b`<tb-bias-compare
                role="tabpanel"
                aria-label="Compare"
                .api=${this.api}
                .runs=${this.runs}
                .state=${n}
                .info=${i}
                .flags=${this.lookup}
                .gapDomain=${o}
              ></tb-bias-compare>`}
        </main>
      </div>
    `}};F.styles=[Z,K`
      :host {
        display: block;
        height: 100%;
        background: var(--bg);
      }
      .app {
        display: grid;
        grid-template-columns: minmax(300px, 360px) 1fr;
        height: 100%;
      }
      aside {
        overflow-y: auto;
        padding: 10px;
        display: flex;
        flex-direction: column;
        gap: 10px;
        border-right: 1px solid var(--border);
      }
      main {
        display: flex;
        flex-direction: column;
        gap: 10px;
        padding: 10px;
        min-width: 0;
        min-height: 0;
        overflow: auto;
      }
      .title {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
      .title h1 {
        font-size: 15px;
        margin: 0;
      }
      .tabs {
        display: flex;
        gap: 2px;
        border-bottom: 1px solid var(--border);
      }
      .tabs button {
        border: none;
        border-bottom: 2px solid transparent;
        border-radius: 0;
        background: transparent;
        padding: 6px 12px;
        font-weight: 600;
        color: var(--muted);
      }
      .tabs button[aria-selected="true"] {
        color: var(--accent);
        border-bottom-color: var(--accent);
      }
      .grow {
        flex: 1;
        min-height: 320px;
      }
      tb-bias-table,
      tb-bias-compare {
        flex: 1;
        min-height: 320px;
      }
      .centered {
        padding: 24px;
      }
      .notice {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        align-items: center;
      }
      .notice button {
        flex: none;
      }
    `],w([z()],F.prototype,"view",2),w([z()],F.prototype,"resolution",2),w([z()],F.prototype,"runs",2),w([z()],F.prototype,"runsError",2),w([z()],F.prototype,"runsLoading",2),w([z()],F.prototype,"flags",2),w([z()],F.prototype,"lookup",2),w([z()],F.prototype,"notice",2),w([z()],F.prototype,"rowsRevision",2),w([z()],F.prototype,"distribution",2),w([z()],F.prototype,"distributionLoading",2),w([z()],F.prototype,"distributionError",2),w([z()],F.prototype,"selectedRows",2),w([z()],F.prototype,"selectedMissing",2),w([z()],F.prototype,"selectedLoading",2),w([z()],F.prototype,"selectedError",2),w([z()],F.prototype,"hovered",2),w([z()],F.prototype,"bulkBusy",2),F=w([Q("tb-bias-app")],F);var Qp=`
html, body { margin: 0; height: 100%; background: #f5f6f7; }
tb-bias-app { height: 100%; }
`;function By(){if(document.querySelector("tb-bias-app"))return;let t=document.createElement("style");t.textContent=Qp,document.head.appendChild(t),document.body.appendChild(document.createElement("tb-bias-app"))}export{By as render};
/*! Bundled license information:

@lit-labs/virtualizer/layouts/shared/SizeCache.js:
@lit-labs/virtualizer/layouts/shared/BaseLayout.js:
@lit-labs/virtualizer/layouts/flow.js:
@lit/reactive-element/decorators/query-assigned-elements.js:
@lit-labs/virtualizer/events.js:
@lit-labs/virtualizer/ScrollerController.js:
@lit-labs/virtualizer/Virtualizer.js:
@lit-labs/virtualizer/virtualize.js:
@lit-labs/virtualizer/LitVirtualizer.js:
@lit-labs/virtualizer/lit-virtualizer.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
lit-html/directive.js:
lit-html/async-directive.js:
lit-html/directives/repeat.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/directives/style-map.js:
  (**
   * @license
   * Copyright 2018 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/directive-helpers.js:
  (**
   * @license
   * Copyright 2020 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
