var _s=Object.defineProperty;var lu=Object.getOwnPropertyDescriptor;var Fi=(t,e,n)=>()=>{if(n)throw n[0];try{return t&&(e=t(t=0)),e}catch(i){throw n=[i],i}};var uu=(t,e)=>{for(var n in e)_s(t,n,{get:e[n],enumerable:!0})};var w=(t,e,n,i)=>{for(var r=i>1?void 0:i?lu(e,n):e,s=t.length-1,o;s>=0;s--)(o=t[s])&&(r=(i?o(e,n,r):o(r))||r);return i&&r&&_s(e,n,r),r};var Ke,ko=Fi(()=>{Ke=class{constructor(e){this._map=new Map,this._roundAverageSize=!1,this.totalSize=0,e?.roundAverageSize===!0&&(this._roundAverageSize=!0)}set(e,n){let i=this._map.get(e)||0;this._map.set(e,n),this.totalSize+=n-i}get averageSize(){if(this._map.size>0){let e=this.totalSize/this._map.size;return this._roundAverageSize?Math.round(e):e}return 0}getSize(e){return this._map.get(e)}clear(){this._map.clear(),this.totalSize=0}}});function sr(t){return t==="horizontal"?"width":"height"}var Gn,Ao=Fi(()=>{Gn=class{_getDefaultConfig(){return{direction:"vertical"}}constructor(e,n){this._latestCoords={left:0,top:0},this._direction=null,this._viewportSize={width:0,height:0},this.totalScrollSize={width:0,height:0},this.offsetWithinScroller={left:0,top:0},this._pendingReflow=!1,this._pendingLayoutUpdate=!1,this._pin=null,this._firstVisible=0,this._lastVisible=0,this._physicalMin=0,this._physicalMax=0,this._first=-1,this._last=-1,this._sizeDim="height",this._secondarySizeDim="width",this._positionDim="top",this._secondaryPositionDim="left",this._scrollPosition=0,this._scrollError=0,this._items=[],this._scrollSize=1,this._overhang=1e3,this._hostSink=e,Promise.resolve().then(()=>this.config=n||this._getDefaultConfig())}set config(e){Object.assign(this,Object.assign({},this._getDefaultConfig(),e))}get config(){return{direction:this.direction}}get items(){return this._items}set items(e){this._setItems(e)}_setItems(e){e!==this._items&&(this._items=e,this._scheduleReflow())}get direction(){return this._direction}set direction(e){e=e==="horizontal"?e:"vertical",e!==this._direction&&(this._direction=e,this._sizeDim=e==="horizontal"?"width":"height",this._secondarySizeDim=e==="horizontal"?"height":"width",this._positionDim=e==="horizontal"?"left":"top",this._secondaryPositionDim=e==="horizontal"?"top":"left",this._triggerReflow())}get viewportSize(){return this._viewportSize}set viewportSize(e){let{_viewDim1:n,_viewDim2:i}=this;Object.assign(this._viewportSize,e),i!==this._viewDim2?this._scheduleLayoutUpdate():n!==this._viewDim1&&this._checkThresholds()}get viewportScroll(){return this._latestCoords}set viewportScroll(e){Object.assign(this._latestCoords,e);let n=this._scrollPosition;this._scrollPosition=this._latestCoords[this._positionDim],Math.abs(n-this._scrollPosition)>=1&&this._checkThresholds()}reflowIfNeeded(e=!1){(e||this._pendingReflow)&&(this._pendingReflow=!1,this._reflow())}set pin(e){this._pin=e,this._triggerReflow()}get pin(){if(this._pin!==null){let{index:e,block:n}=this._pin;return{index:Math.max(0,Math.min(e,this.items.length-1)),block:n}}return null}_clampScrollPosition(e){return Math.max(-this.offsetWithinScroller[this._positionDim],Math.min(e,this.totalScrollSize[sr(this.direction)]-this._viewDim1))}unpin(){this._pin!==null&&(this._sendUnpinnedMessage(),this._pin=null)}_updateLayout(){}get _viewDim1(){return this._viewportSize[this._sizeDim]}get _viewDim2(){return this._viewportSize[this._secondarySizeDim]}_scheduleReflow(){this._pendingReflow=!0}_scheduleLayoutUpdate(){this._pendingLayoutUpdate=!0,this._scheduleReflow()}_triggerReflow(){this._scheduleLayoutUpdate(),Promise.resolve().then(()=>this.reflowIfNeeded())}_reflow(){this._pendingLayoutUpdate&&(this._updateLayout(),this._pendingLayoutUpdate=!1),this._updateScrollSize(),this._setPositionFromPin(),this._getActiveItems(),this._updateVisibleIndices(),this._sendStateChangedMessage()}_setPositionFromPin(){if(this.pin!==null){let e=this._scrollPosition,{index:n,block:i}=this.pin;this._scrollPosition=this._calculateScrollIntoViewPosition({index:n,block:i||"start"})-this.offsetWithinScroller[this._positionDim],this._scrollError=e-this._scrollPosition}}_calculateScrollIntoViewPosition(e){let{block:n}=e,i=Math.min(this.items.length,Math.max(0,e.index)),r=this._getItemPosition(i)[this._positionDim],s=r;if(n!=="start"){let o=this._getItemSize(i)[this._sizeDim];if(n==="center")s=r-.5*this._viewDim1+.5*o;else{let a=r-this._viewDim1+o;if(n==="end")s=a;else{let l=this._scrollPosition;s=Math.abs(l-r)<Math.abs(l-a)?r:a}}}return s+=this.offsetWithinScroller[this._positionDim],this._clampScrollPosition(s)}getScrollIntoViewCoordinates(e){return{[this._positionDim]:this._calculateScrollIntoViewPosition(e)}}_sendUnpinnedMessage(){this._hostSink({type:"unpinned"})}_sendVisibilityChangedMessage(){this._hostSink({type:"visibilityChanged",firstVisible:this._firstVisible,lastVisible:this._lastVisible})}_sendStateChangedMessage(){let e=new Map;if(this._first!==-1&&this._last!==-1)for(let i=this._first;i<=this._last;i++)e.set(i,this._getItemPosition(i));let n={type:"stateChanged",scrollSize:{[this._sizeDim]:this._scrollSize,[this._secondarySizeDim]:null},range:{first:this._first,last:this._last,firstVisible:this._firstVisible,lastVisible:this._lastVisible},childPositions:e};this._scrollError&&(n.scrollError={[this._positionDim]:this._scrollError,[this._secondaryPositionDim]:0},this._scrollError=0),this._hostSink(n)}get _num(){return this._first===-1||this._last===-1?0:this._last-this._first+1}_checkThresholds(){if(this._viewDim1===0&&this._num>0||this._pin!==null)this._scheduleReflow();else{let e=Math.max(0,this._scrollPosition-this._overhang),n=Math.min(this._scrollSize,this._scrollPosition+this._viewDim1+this._overhang);this._physicalMin>e||this._physicalMax<n?this._scheduleReflow():this._updateVisibleIndices({emit:!0})}}_updateVisibleIndices(e){if(this._first===-1||this._last===-1)return;let n=this._first;for(;n<this._last&&Math.round(this._getItemPosition(n)[this._positionDim]+this._getItemSize(n)[this._sizeDim])<=Math.round(this._scrollPosition);)n++;let i=this._last;for(;i>this._first&&Math.round(this._getItemPosition(i)[this._positionDim])>=Math.round(this._scrollPosition+this._viewDim1);)i--;(n!==this._firstVisible||i!==this._lastVisible)&&(this._firstVisible=n,this._lastVisible=i,e&&e.emit&&this._sendVisibilityChangedMessage())}}});var To={};uu(To,{FlowLayout:()=>Yn,flow:()=>Ge});function Co(t){return t==="horizontal"?"marginLeft":"marginTop"}function Iu(t){return t==="horizontal"?"marginRight":"marginBottom"}function Lu(t){return t==="horizontal"?"xOffset":"yOffset"}function Du(t,e){let n=[t,e].sort();return n[1]<=0?Math.min(...n):n[0]>=0?Math.max(...n):n[0]+n[1]}var Ge,or,Yn,Qn=Fi(()=>{ko();Ao();Ge=t=>Object.assign({type:Yn},t);or=class{constructor(){this._childSizeCache=new Ke,this._marginSizeCache=new Ke,this._metricsCache=new Map}update(e,n){let i=new Set;Object.keys(e).forEach(r=>{let s=Number(r);this._metricsCache.set(s,e[s]),this._childSizeCache.set(s,e[s][sr(n)]),i.add(s),i.add(s+1)});for(let r of i){let s=this._metricsCache.get(r)?.[Co(n)]||0,o=this._metricsCache.get(r-1)?.[Iu(n)]||0;this._marginSizeCache.set(r,Du(s,o))}}get averageChildSize(){return this._childSizeCache.averageSize}get totalChildSize(){return this._childSizeCache.totalSize}get averageMarginSize(){return this._marginSizeCache.averageSize}get totalMarginSize(){return this._marginSizeCache.totalSize}getLeadingMarginValue(e,n){return this._metricsCache.get(e)?.[Co(n)]||0}getChildSize(e){return this._childSizeCache.getSize(e)}getMarginSize(e){return this._marginSizeCache.getSize(e)}clear(){this._childSizeCache.clear(),this._marginSizeCache.clear(),this._metricsCache.clear()}},Yn=class extends Gn{constructor(){super(...arguments),this._itemSize={width:100,height:100},this._physicalItems=new Map,this._newPhysicalItems=new Map,this._metricsCache=new or,this._anchorIdx=null,this._anchorPos=null,this._stable=!0,this._measureChildren=!0,this._estimate=!0}get measureChildren(){return this._measureChildren}updateItemSizes(e){this._metricsCache.update(e,this.direction),this._scheduleReflow()}_getPhysicalItem(e){return this._newPhysicalItems.get(e)??this._physicalItems.get(e)}_getSize(e){return this._getPhysicalItem(e)&&this._metricsCache.getChildSize(e)}_getAverageSize(){return this._metricsCache.averageChildSize||this._itemSize[this._sizeDim]}_estimatePosition(e){let n=this._metricsCache;if(this._first===-1||this._last===-1)return n.averageMarginSize+e*(n.averageMarginSize+this._getAverageSize());if(e<this._first){let i=this._first-e;return this._getPhysicalItem(this._first).pos-(n.getMarginSize(this._first-1)||n.averageMarginSize)-(i*n.averageChildSize+(i-1)*n.averageMarginSize)}else{let i=e-this._last;return this._getPhysicalItem(this._last).pos+(n.getChildSize(this._last)||n.averageChildSize)+(n.getMarginSize(this._last)||n.averageMarginSize)+i*(n.averageChildSize+n.averageMarginSize)}}_getPosition(e){let n=this._getPhysicalItem(e),{averageMarginSize:i}=this._metricsCache;return e===0?this._metricsCache.getMarginSize(0)??i:n?n.pos:this._estimatePosition(e)}_calculateAnchor(e,n){return e<=0?0:n>this._scrollSize-this._viewDim1?this.items.length-1:Math.max(0,Math.min(this.items.length-1,Math.floor((e+n)/2/this._delta)))}_getAnchor(e,n){if(this._physicalItems.size===0)return this._calculateAnchor(e,n);if(this._first<0)return this._calculateAnchor(e,n);if(this._last<0)return this._calculateAnchor(e,n);let i=this._getPhysicalItem(this._first),r=this._getPhysicalItem(this._last),s=i.pos;if(r.pos+this._metricsCache.getChildSize(this._last)<e)return this._calculateAnchor(e,n);if(s>n)return this._calculateAnchor(e,n);let l=this._firstVisible-1,u=-1/0;for(;u<e;)u=this._getPhysicalItem(++l).pos+this._metricsCache.getChildSize(l);return l}_getActiveItems(){this._viewDim1===0||this.items.length===0?this._clearItems():this._getItems()}_clearItems(){this._first=-1,this._last=-1,this._physicalMin=0,this._physicalMax=0;let e=this._newPhysicalItems;this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e,this._stable=!0}_getItems(){let e=this._newPhysicalItems;this._stable=!0;let n,i;if(this.pin!==null){let{index:u}=this.pin;this._anchorIdx=u,this._anchorPos=this._getPosition(u)}if(n=this._scrollPosition-this._overhang,i=this._scrollPosition+this._viewDim1+this._overhang,i<0||n>this._scrollSize){this._clearItems();return}(this._anchorIdx===null||this._anchorPos===null)&&(this._anchorIdx=this._getAnchor(n,i),this._anchorPos=this._getPosition(this._anchorIdx));let r=this._getSize(this._anchorIdx);r===void 0&&(this._stable=!1,r=this._getAverageSize());let s=this._metricsCache.getMarginSize(this._anchorIdx)??this._metricsCache.averageMarginSize,o=this._metricsCache.getMarginSize(this._anchorIdx+1)??this._metricsCache.averageMarginSize;this._anchorIdx===0&&(this._anchorPos=s),this._anchorIdx===this.items.length-1&&(this._anchorPos=this._scrollSize-o-r);let a=0;for(this._anchorPos+r+o<n&&(a=n-(this._anchorPos+r+o)),this._anchorPos-s>i&&(a=i-(this._anchorPos-s)),a&&(this._scrollPosition-=a,n-=a,i-=a,this._scrollError+=a),e.set(this._anchorIdx,{pos:this._anchorPos,size:r}),this._first=this._last=this._anchorIdx,this._physicalMin=this._anchorPos-s,this._physicalMax=this._anchorPos+r+o;this._physicalMin>n&&this._first>0;){let u=this._getSize(--this._first);u===void 0&&(this._stable=!1,u=this._getAverageSize());let c=this._metricsCache.getMarginSize(this._first);c===void 0&&(this._stable=!1,c=this._metricsCache.averageMarginSize),this._physicalMin-=u;let h=this._physicalMin;if(e.set(this._first,{pos:h,size:u}),this._physicalMin-=c,this._stable===!1&&this._estimate===!1)break}for(;this._physicalMax<i&&this._last<this.items.length-1;){let u=this._getSize(++this._last);u===void 0&&(this._stable=!1,u=this._getAverageSize());let c=this._metricsCache.getMarginSize(this._last);c===void 0&&(this._stable=!1,c=this._metricsCache.averageMarginSize);let h=this._physicalMax;if(e.set(this._last,{pos:h,size:u}),this._physicalMax+=u+c,!this._stable&&!this._estimate)break}let l=this._calculateError();l&&(this._physicalMin-=l,this._physicalMax-=l,this._anchorPos-=l,this._scrollPosition-=l,e.forEach(u=>u.pos-=l),this._scrollError+=l),this._stable&&(this._newPhysicalItems=this._physicalItems,this._newPhysicalItems.clear(),this._physicalItems=e)}_calculateError(){return this._first===0?this._physicalMin:this._physicalMin<=0?this._physicalMin-this._first*this._delta:this._last===this.items.length-1?this._physicalMax-this._scrollSize:this._physicalMax>=this._scrollSize?this._physicalMax-this._scrollSize+(this.items.length-1-this._last)*this._delta:0}_reflow(){let{_first:e,_last:n}=this;super._reflow(),(this._first===-1&&this._last==-1||this._first===e&&this._last===n)&&this._resetReflowState()}_resetReflowState(){this._anchorIdx=null,this._anchorPos=null,this._stable=!0}_updateScrollSize(){let{averageMarginSize:e}=this._metricsCache;this._scrollSize=Math.max(1,this.items.length*(e+this._getAverageSize())+e)}get _delta(){let{averageMarginSize:e}=this._metricsCache;return this._getAverageSize()+e}_getItemPosition(e){return{[this._positionDim]:this._getPosition(e),[this._secondaryPositionDim]:0,[Lu(this.direction)]:-(this._metricsCache.getLeadingMarginValue(e,this.direction)??this._metricsCache.averageMarginSize)}}_getItemSize(e){return{[this._sizeDim]:this._getSize(e)||this._getAverageSize(),[this._secondarySizeDim]:this._itemSize[this._secondarySizeDim]}}_viewDim2Changed(){this._metricsCache.clear(),this._scheduleReflow()}}});var Mn=globalThis,En=Mn.ShadowRoot&&(Mn.ShadyCSS===void 0||Mn.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,Vi=Symbol(),bs=new WeakMap,Pe=class{constructor(e,n,i){if(this._$cssResult$=!0,i!==Vi)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=e,this.t=n}get styleSheet(){let e=this.o,n=this.t;if(En&&e===void 0){let i=n!==void 0&&n.length===1;i&&(e=bs.get(n)),e===void 0&&((this.o=e=new CSSStyleSheet).replaceSync(this.cssText),i&&bs.set(n,e))}return e}toString(){return this.cssText}},kn=t=>new Pe(typeof t=="string"?t:t+"",void 0,Vi),K=(t,...e)=>{let n=t.length===1?t[0]:e.reduce((i,r,s)=>i+(o=>{if(o._$cssResult$===!0)return o.cssText;if(typeof o=="number")return o;throw Error("Value passed to 'css' function must be a 'css' function result: "+o+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+t[s+1],t[0]);return new Pe(n,t,Vi)},ys=(t,e)=>{if(En)t.adoptedStyleSheets=e.map(n=>n instanceof CSSStyleSheet?n:n.styleSheet);else for(let n of e){let i=document.createElement("style"),r=Mn.litNonce;r!==void 0&&i.setAttribute("nonce",r),i.textContent=n.cssText,t.appendChild(i)}},Hi=En?t=>t:t=>t instanceof CSSStyleSheet?(e=>{let n="";for(let i of e.cssRules)n+=i.cssText;return kn(n)})(t):t;var{is:cu,defineProperty:hu,getOwnPropertyDescriptor:fu,getOwnPropertyNames:du,getOwnPropertySymbols:pu,getPrototypeOf:mu}=Object,An=globalThis,vs=An.trustedTypes,gu=vs?vs.emptyScript:"",_u=An.reactiveElementPolyfillSupport,Oe=(t,e)=>t,Ne={toAttribute(t,e){switch(e){case Boolean:t=t?gu:null;break;case Object:case Array:t=t==null?t:JSON.stringify(t)}return t},fromAttribute(t,e){let n=t;switch(e){case Boolean:n=t!==null;break;case Number:n=t===null?null:Number(t);break;case Object:case Array:try{n=JSON.parse(t)}catch{n=null}}return n}},Cn=(t,e)=>!cu(t,e),ws={attribute:!0,type:String,converter:Ne,reflect:!1,useDefault:!1,hasChanged:Cn};Symbol.metadata??=Symbol("metadata"),An.litPropertyMetadata??=new WeakMap;var $t=class extends HTMLElement{static addInitializer(e){this._$Ei(),(this.l??=[]).push(e)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(e,n=ws){if(n.state&&(n.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(e)&&((n=Object.create(n)).wrapped=!0),this.elementProperties.set(e,n),!n.noAccessor){let i=Symbol(),r=this.getPropertyDescriptor(e,i,n);r!==void 0&&hu(this.prototype,e,r)}}static getPropertyDescriptor(e,n,i){let{get:r,set:s}=fu(this.prototype,e)??{get(){return this[n]},set(o){this[n]=o}};return{get:r,set(o){let a=r?.call(this);s?.call(this,o),this.requestUpdate(e,a,i)},configurable:!0,enumerable:!0}}static getPropertyOptions(e){return this.elementProperties.get(e)??ws}static _$Ei(){if(this.hasOwnProperty(Oe("elementProperties")))return;let e=mu(this);e.finalize(),e.l!==void 0&&(this.l=[...e.l]),this.elementProperties=new Map(e.elementProperties)}static finalize(){if(this.hasOwnProperty(Oe("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(Oe("properties"))){let n=this.properties,i=[...du(n),...pu(n)];for(let r of i)this.createProperty(r,n[r])}let e=this[Symbol.metadata];if(e!==null){let n=litPropertyMetadata.get(e);if(n!==void 0)for(let[i,r]of n)this.elementProperties.set(i,r)}this._$Eh=new Map;for(let[n,i]of this.elementProperties){let r=this._$Eu(n,i);r!==void 0&&this._$Eh.set(r,n)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(e){let n=[];if(Array.isArray(e)){let i=new Set(e.flat(1/0).reverse());for(let r of i)n.unshift(Hi(r))}else e!==void 0&&n.push(Hi(e));return n}static _$Eu(e,n){let i=n.attribute;return i===!1?void 0:typeof i=="string"?i:typeof e=="string"?e.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(e=>this.enableUpdating=e),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(e=>e(this))}addController(e){(this._$EO??=new Set).add(e),this.renderRoot!==void 0&&this.isConnected&&e.hostConnected?.()}removeController(e){this._$EO?.delete(e)}_$E_(){let e=new Map,n=this.constructor.elementProperties;for(let i of n.keys())this.hasOwnProperty(i)&&(e.set(i,this[i]),delete this[i]);e.size>0&&(this._$Ep=e)}createRenderRoot(){let e=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return ys(e,this.constructor.elementStyles),e}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(e=>e.hostConnected?.())}enableUpdating(e){}disconnectedCallback(){this._$EO?.forEach(e=>e.hostDisconnected?.())}attributeChangedCallback(e,n,i){this._$AK(e,i)}_$ET(e,n){let i=this.constructor.elementProperties.get(e),r=this.constructor._$Eu(e,i);if(r!==void 0&&i.reflect===!0){let s=(i.converter?.toAttribute!==void 0?i.converter:Ne).toAttribute(n,i.type);this._$Em=e,s==null?this.removeAttribute(r):this.setAttribute(r,s),this._$Em=null}}_$AK(e,n){let i=this.constructor,r=i._$Eh.get(e);if(r!==void 0&&this._$Em!==r){let s=i.getPropertyOptions(r),o=typeof s.converter=="function"?{fromAttribute:s.converter}:s.converter?.fromAttribute!==void 0?s.converter:Ne;this._$Em=r;let a=o.fromAttribute(n,s.type);this[r]=a??this._$Ej?.get(r)??a,this._$Em=null}}requestUpdate(e,n,i,r=!1,s){if(e!==void 0){let o=this.constructor;if(r===!1&&(s=this[e]),i??=o.getPropertyOptions(e),!((i.hasChanged??Cn)(s,n)||i.useDefault&&i.reflect&&s===this._$Ej?.get(e)&&!this.hasAttribute(o._$Eu(e,i))))return;this.C(e,n,i)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(e,n,{useDefault:i,reflect:r,wrapped:s},o){i&&!(this._$Ej??=new Map).has(e)&&(this._$Ej.set(e,o??n??this[e]),s!==!0||o!==void 0)||(this._$AL.has(e)||(this.hasUpdated||i||(n=void 0),this._$AL.set(e,n)),r===!0&&this._$Em!==e&&(this._$Eq??=new Set).add(e))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(n){Promise.reject(n)}let e=this.scheduleUpdate();return e!=null&&await e,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,s]of this._$Ep)this[r]=s;this._$Ep=void 0}let i=this.constructor.elementProperties;if(i.size>0)for(let[r,s]of i){let{wrapped:o}=s,a=this[r];o!==!0||this._$AL.has(r)||a===void 0||this.C(r,void 0,s,a)}}let e=!1,n=this._$AL;try{e=this.shouldUpdate(n),e?(this.willUpdate(n),this._$EO?.forEach(i=>i.hostUpdate?.()),this.update(n)):this._$EM()}catch(i){throw e=!1,this._$EM(),i}e&&this._$AE(n)}willUpdate(e){}_$AE(e){this._$EO?.forEach(n=>n.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(e)),this.updated(e)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(e){return!0}update(e){this._$Eq&&=this._$Eq.forEach(n=>this._$ET(n,this[n])),this._$EM()}updated(e){}firstUpdated(e){}};$t.elementStyles=[],$t.shadowRootOptions={mode:"open"},$t[Oe("elementProperties")]=new Map,$t[Oe("finalized")]=new Map,_u?.({ReactiveElement:$t}),(An.reactiveElementVersions??=[]).push("2.1.2");var Bi=globalThis,xs=t=>t,Tn=Bi.trustedTypes,$s=Tn?Tn.createPolicy("lit-html",{createHTML:t=>t}):void 0,Ui="$lit$",St=`lit$${Math.random().toFixed(9).slice(2)}$`,ji="?"+St,bu=`<${ji}>`,jt=document,Ie=()=>jt.createComment(""),Le=t=>t===null||typeof t!="object"&&typeof t!="function",Xi=Array.isArray,Cs=t=>Xi(t)||typeof t?.[Symbol.iterator]=="function",qi=`[ 	
\f\r]`,ze=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,Ss=/-->/g,Ms=/>/g,Bt=RegExp(`>|${qi}(?:([^\\s"'>=/]+)(${qi}*=${qi}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Es=/'/g,ks=/"/g,Ts=/^(?:script|style|textarea|title)$/i,Wi=t=>(e,...n)=>({_$litType$:t,strings:e,values:n}),_=Wi(1),ut=Wi(2),Lp=Wi(3),lt=Symbol.for("lit-noChange"),x=Symbol.for("lit-nothing"),As=new WeakMap,Ut=jt.createTreeWalker(jt,129);function Rs(t,e){if(!Xi(t)||!t.hasOwnProperty("raw"))throw Error("invalid template strings array");return $s!==void 0?$s.createHTML(e):e}var Ps=(t,e)=>{let n=t.length-1,i=[],r,s=e===2?"<svg>":e===3?"<math>":"",o=ze;for(let a=0;a<n;a++){let l=t[a],u,c,h=-1,f=0;for(;f<l.length&&(o.lastIndex=f,c=o.exec(l),c!==null);)f=o.lastIndex,o===ze?c[1]==="!--"?o=Ss:c[1]!==void 0?o=Ms:c[2]!==void 0?(Ts.test(c[2])&&(r=RegExp("</"+c[2],"g")),o=Bt):c[3]!==void 0&&(o=Bt):o===Bt?c[0]===">"?(o=r??ze,h=-1):c[1]===void 0?h=-2:(h=o.lastIndex-c[2].length,u=c[1],o=c[3]===void 0?Bt:c[3]==='"'?ks:Es):o===ks||o===Es?o=Bt:o===Ss||o===Ms?o=ze:(o=Bt,r=void 0);let d=o===Bt&&t[a+1].startsWith("/>")?" ":"";s+=o===ze?l+bu:h>=0?(i.push(u),l.slice(0,h)+Ui+l.slice(h)+St+d):l+St+(h===-2?a:d)}return[Rs(t,s+(t[n]||"<?>")+(e===2?"</svg>":e===3?"</math>":"")),i]},De=class t{constructor({strings:e,_$litType$:n},i){let r;this.parts=[];let s=0,o=0,a=e.length-1,l=this.parts,[u,c]=Ps(e,n);if(this.el=t.createElement(u,i),Ut.currentNode=this.el.content,n===2||n===3){let h=this.el.content.firstChild;h.replaceWith(...h.childNodes)}for(;(r=Ut.nextNode())!==null&&l.length<a;){if(r.nodeType===1){if(r.hasAttributes())for(let h of r.getAttributeNames())if(h.endsWith(Ui)){let f=c[o++],d=r.getAttribute(h).split(St),p=/([.?@])?(.*)/.exec(f);l.push({type:1,index:s,name:p[2],strings:d,ctor:p[1]==="."?Pn:p[1]==="?"?On:p[1]==="@"?Nn:Wt}),r.removeAttribute(h)}else h.startsWith(St)&&(l.push({type:6,index:s}),r.removeAttribute(h));if(Ts.test(r.tagName)){let h=r.textContent.split(St),f=h.length-1;if(f>0){r.textContent=Tn?Tn.emptyScript:"";for(let d=0;d<f;d++)r.append(h[d],Ie()),Ut.nextNode(),l.push({type:2,index:++s});r.append(h[f],Ie())}}}else if(r.nodeType===8)if(r.data===ji)l.push({type:2,index:s});else{let h=-1;for(;(h=r.data.indexOf(St,h+1))!==-1;)l.push({type:7,index:s}),h+=St.length-1}s++}}static createElement(e,n){let i=jt.createElement("template");return i.innerHTML=e,i}};function Xt(t,e,n=t,i){if(e===lt)return e;let r=i!==void 0?n._$Co?.[i]:n._$Cl,s=Le(e)?void 0:e._$litDirective$;return r?.constructor!==s&&(r?._$AO?.(!1),s===void 0?r=void 0:(r=new s(t),r._$AT(t,n,i)),i!==void 0?(n._$Co??=[])[i]=r:n._$Cl=r),r!==void 0&&(e=Xt(t,r._$AS(t,e.values),r,i)),e}var Rn=class{constructor(e,n){this._$AV=[],this._$AN=void 0,this._$AD=e,this._$AM=n}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(e){let{el:{content:n},parts:i}=this._$AD,r=(e?.creationScope??jt).importNode(n,!0);Ut.currentNode=r;let s=Ut.nextNode(),o=0,a=0,l=i[0];for(;l!==void 0;){if(o===l.index){let u;l.type===2?u=new ae(s,s.nextSibling,this,e):l.type===1?u=new l.ctor(s,l.name,l.strings,this,e):l.type===6&&(u=new zn(s,this,e)),this._$AV.push(u),l=i[++a]}o!==l?.index&&(s=Ut.nextNode(),o++)}return Ut.currentNode=jt,r}p(e){let n=0;for(let i of this._$AV)i!==void 0&&(i.strings!==void 0?(i._$AI(e,i,n),n+=i.strings.length-2):i._$AI(e[n])),n++}},ae=class t{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(e,n,i,r){this.type=2,this._$AH=x,this._$AN=void 0,this._$AA=e,this._$AB=n,this._$AM=i,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let e=this._$AA.parentNode,n=this._$AM;return n!==void 0&&e?.nodeType===11&&(e=n.parentNode),e}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(e,n=this){e=Xt(this,e,n),Le(e)?e===x||e==null||e===""?(this._$AH!==x&&this._$AR(),this._$AH=x):e!==this._$AH&&e!==lt&&this._(e):e._$litType$!==void 0?this.$(e):e.nodeType!==void 0?this.T(e):Cs(e)?this.k(e):this._(e)}O(e){return this._$AA.parentNode.insertBefore(e,this._$AB)}T(e){this._$AH!==e&&(this._$AR(),this._$AH=this.O(e))}_(e){this._$AH!==x&&Le(this._$AH)?this._$AA.nextSibling.data=e:this.T(jt.createTextNode(e)),this._$AH=e}$(e){let{values:n,_$litType$:i}=e,r=typeof i=="number"?this._$AC(e):(i.el===void 0&&(i.el=De.createElement(Rs(i.h,i.h[0]),this.options)),i);if(this._$AH?._$AD===r)this._$AH.p(n);else{let s=new Rn(r,this),o=s.u(this.options);s.p(n),this.T(o),this._$AH=s}}_$AC(e){let n=As.get(e.strings);return n===void 0&&As.set(e.strings,n=new De(e)),n}k(e){Xi(this._$AH)||(this._$AH=[],this._$AR());let n=this._$AH,i,r=0;for(let s of e)r===n.length?n.push(i=new t(this.O(Ie()),this.O(Ie()),this,this.options)):i=n[r],i._$AI(s),r++;r<n.length&&(this._$AR(i&&i._$AB.nextSibling,r),n.length=r)}_$AR(e=this._$AA.nextSibling,n){for(this._$AP?.(!1,!0,n);e!==this._$AB;){let i=xs(e).nextSibling;xs(e).remove(),e=i}}setConnected(e){this._$AM===void 0&&(this._$Cv=e,this._$AP?.(e))}},Wt=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(e,n,i,r,s){this.type=1,this._$AH=x,this._$AN=void 0,this.element=e,this.name=n,this._$AM=r,this.options=s,i.length>2||i[0]!==""||i[1]!==""?(this._$AH=Array(i.length-1).fill(new String),this.strings=i):this._$AH=x}_$AI(e,n=this,i,r){let s=this.strings,o=!1;if(s===void 0)e=Xt(this,e,n,0),o=!Le(e)||e!==this._$AH&&e!==lt,o&&(this._$AH=e);else{let a=e,l,u;for(e=s[0],l=0;l<s.length-1;l++)u=Xt(this,a[i+l],n,l),u===lt&&(u=this._$AH[l]),o||=!Le(u)||u!==this._$AH[l],u===x?e=x:e!==x&&(e+=(u??"")+s[l+1]),this._$AH[l]=u}o&&!r&&this.j(e)}j(e){e===x?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,e??"")}},Pn=class extends Wt{constructor(){super(...arguments),this.type=3}j(e){this.element[this.name]=e===x?void 0:e}},On=class extends Wt{constructor(){super(...arguments),this.type=4}j(e){this.element.toggleAttribute(this.name,!!e&&e!==x)}},Nn=class extends Wt{constructor(e,n,i,r,s){super(e,n,i,r,s),this.type=5}_$AI(e,n=this){if((e=Xt(this,e,n,0)??x)===lt)return;let i=this._$AH,r=e===x&&i!==x||e.capture!==i.capture||e.once!==i.once||e.passive!==i.passive,s=e!==x&&(i===x||r);r&&this.element.removeEventListener(this.name,this,i),s&&this.element.addEventListener(this.name,this,e),this._$AH=e}handleEvent(e){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,e):this._$AH.handleEvent(e)}},zn=class{constructor(e,n,i){this.element=e,this.type=6,this._$AN=void 0,this._$AM=n,this.options=i}get _$AU(){return this._$AM._$AU}_$AI(e){Xt(this,e)}},Os={M:Ui,P:St,A:ji,C:1,L:Ps,R:Rn,D:Cs,V:Xt,I:ae,H:Wt,N:On,U:Nn,B:Pn,F:zn},yu=Bi.litHtmlPolyfillSupport;yu?.(De,ae),(Bi.litHtmlVersions??=[]).push("3.3.3");var Ns=(t,e,n)=>{let i=n?.renderBefore??e,r=i._$litPart$;if(r===void 0){let s=n?.renderBefore??null;i._$litPart$=r=new ae(e.insertBefore(Ie(),s),s,void 0,n??{})}return r._$AI(t),r};var Ki=globalThis,L=class extends $t{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let e=super.createRenderRoot();return this.renderOptions.renderBefore??=e.firstChild,e}update(e){let n=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(e),this._$Do=Ns(n,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return lt}};L._$litElement$=!0,L.finalized=!0,Ki.litElementHydrateSupport?.({LitElement:L});var vu=Ki.litElementPolyfillSupport;vu?.({LitElement:L});(Ki.litElementVersions??=[]).push("4.2.2");var Q=t=>(e,n)=>{n!==void 0?n.addInitializer(()=>{customElements.define(t,e)}):customElements.define(t,e)};var wu={attribute:!0,type:String,converter:Ne,reflect:!1,hasChanged:Cn},xu=(t=wu,e,n)=>{let{kind:i,metadata:r}=n,s=globalThis.litPropertyMetadata.get(r);if(s===void 0&&globalThis.litPropertyMetadata.set(r,s=new Map),i==="setter"&&((t=Object.create(t)).wrapped=!0),s.set(n.name,t),i==="accessor"){let{name:o}=n;return{set(a){let l=e.get.call(this);e.set.call(this,a),this.requestUpdate(o,l,t,!0,a)},init(a){return a!==void 0&&this.C(o,void 0,t,a),a}}}if(i==="setter"){let{name:o}=n;return function(a){let l=this[o];e.call(this,a),this.requestUpdate(o,l,t,!0,a)}}throw Error("Unsupported decorator location: "+i)};function E(t){return(e,n)=>typeof n=="object"?xu(t,e,n):((i,r,s)=>{let o=r.hasOwnProperty(s);return r.constructor.createProperty(s,i),o?Object.getOwnPropertyDescriptor(r,s):void 0})(t,e,n)}function z(t){return E({...t,state:!0,attribute:!1})}var ft=class extends Error{constructor(n,i,r=null){super(i);this.status=n;this.body=r;this.name="ApiError"}};function $u(t){return typeof t=="object"&&t!==null&&typeof t.error=="string"}async function Su(t){let e=null,n="";try{n=await t.text(),e=n?JSON.parse(n):null}catch{e=null}if(!t.ok){if($u(e))throw new ft(t.status,e.error,e);let i=n&&n.length<200&&!n.trimStart().startsWith("<")?`: ${n.trim()}`:"";throw new ft(t.status,`request failed with HTTP ${t.status}${i}`)}if(e===null)throw new ft(t.status,"the server answered with something that is not JSON");return e}function Ln(t){return t instanceof DOMException&&t.name==="AbortError"}function zs(t=(e,n)=>fetch(e,n)){async function e(n,i){let r;try{r=await t(n,i)}catch(s){throw Ln(s)?s:new ft(0,`cannot reach TensorBoard (${s instanceof Error?s.message:String(s)})`)}return Su(r)}return{get:(n,i)=>e(n,{headers:{Accept:"application/json"},...i?{signal:i}:{}}),post:(n,i)=>e(n,{method:"POST",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify(i)})}}function dt(t){return t instanceof ft||t instanceof Error?t.message:String(t)}function Is(t){return t===null?"":String(t)}function Fe(t){return`${t.column}:${Is(t.low)}:${Is(t.high)}`}function Ls(t){if(t==="")return null;let e=Number(t);return Number.isFinite(e)?e:void 0}function Ds(t){let e=t.lastIndexOf(":"),n=e>0?t.lastIndexOf(":",e-1):-1;if(n<=0)return null;let i=Ls(t.slice(n+1,e)),r=Ls(t.slice(e+1));return i===void 0||r===void 0||i!==null&&r!==null&&i>r?null:{column:t.slice(0,n),low:i,high:r}}function Dn(t,e){let n=t.findIndex(i=>i.column===e.column);return n>=0?t.map((i,r)=>r===n?e:i):t.length>=20?[...t]:[...t,e]}function Fs(t,e){return t.filter(n=>n.column!==e)}function Gi(t){let e=t.trim();if(e==="")return null;let n=Number(e);return Number.isFinite(n)?n:void 0}function Kt(t,e){let n=new URLSearchParams(e).toString();return n?`${t}?${n}`:t}function Yi(t){let e=[["run",t.run],["tag",t.tag]];return t.step!==null&&e.push(["step",String(t.step)]),t.threshold!==null&&e.push(["threshold",String(t.threshold)]),e.push(["metric",t.metric]),t.x1!==null&&e.push(["x1",t.x1]),t.x2!==null&&e.push(["x2",t.x2]),t.smoothing>0&&e.push(["smoothing",String(t.smoothing)]),e}function Fn(t){let e=Yi(t);t.q!==""&&(e.push(["q",t.q]),t.caseSensitive&&e.push(["case_sensitive","1"]));for(let n of t.ranges)e.push(["range",Fe(n)]);return t.minCount>0&&e.push(["min_count",String(t.minCount)]),t.includeZero&&e.push(["zero_cooccurrence","include"]),t.includeUndefined&&e.push(["undefined","include"]),t.flaggedOnly&&e.push(["flagged_only","1"]),t.showHidden&&e.push(["show_hidden","1"]),e}var Vs=[["zero_cooccurrence","include"],["undefined","include"],["include_identities","1"],["show_hidden","1"]];function Qi(t){let e=[];return t.sort!=="gap"&&e.push(["sort",t.sort]),t.order!=="desc"&&e.push(["order",t.order]),e}function Ve(t,e,n){return Kt("table",[...Fn(t),...Qi(t),["offset",String(e)],["limit",String(n)]])}function Hs(t){return Kt("distribution",Fn(t))}function qs(t,e,n){let i=Fn(t);return t.run2!==null&&i.push(["run2",t.run2]),t.tag2!==null&&i.push(["tag2",t.tag2]),t.step2!==null&&i.push(["step2",String(t.step2)]),t.compareSort!=="delta"&&i.push(["sort",t.compareSort]),t.compareOrder!=="abs"&&i.push(["order",t.compareOrder]),i.push(["offset",String(e)],["limit",String(n)]),Kt("compare",i)}function Bs(t){return Kt("flags",[["tag",t]])}var Us="runs";function js(t){return Kt("csv",[...Fn(t),...Qi(t)])}function Xs(t){return Kt("csv",[...Yi(t),...Vs,["flagged_only","1"],...Qi(t)])}var Mu=6e3;function Ws(t,e,n=Mu){let i=[...Yi(t),...Vs],r=u=>Kt("table",[...i,...u.map(c=>["label",c]),["limit",String(u.length)]]),s=r([]).length+3,o=[],a=[],l=s;for(let u of e){let c=new URLSearchParams([["label",u]]).toString().length+1;a.length>0&&(a.length>=1e3||l+c>n)&&(o.push(r(a)),a=[],l=s),a.push(u),l+=c}return a.length&&o.push(r(a)),o}var He=1e3,qe=class extends Error{constructor(n,i){super(`the filtered result has ${n} labels; narrow it to at most ${i}`);this.total=n;this.cap=i;this.name="TooManyLabels"}};async function Zi(t,e,n,i=!1){let r=await t.get(Ve(e,0,Math.min(He,n))),s=r.total;if(s>n&&!i)throw new qe(s,n);let o=Math.min(s,n),a=r.rows.map(c=>c.label),l=[];for(let c=a.length;c<o;c+=He)l.push(c);let u=await Promise.all(l.map(c=>t.get(Ve(e,c,Math.min(He,o-c)))));for(let c of u)a.push(...c.rows.map(h=>h.label));return{labels:a.slice(0,o),total:s}}function Ks(t){return{tag:t,flagged:[],hidden:[],version:0}}function Ji(t,e){let n=t[e.kind],i;if(e.on){let r=new Set(n);i=[...n];for(let s of e.labels)r.has(s)||(r.add(s),i.push(s))}else{let r=new Set(e.labels);i=n.filter(s=>!r.has(s))}return{...t,[e.kind]:i}}function Gs(t,e){let n=new Set(t[e.kind]);return e.labels.every(i=>n.has(i)===e.on)}function Ys(t){return{flagged:new Set(t.flagged),hidden:new Set(t.hidden)}}async function Qs(t,e){return t.get(Bs(e))}async function Zs(t,e,n){let i=r=>{let s=Ji(r,n);return t.post("flags",{tag:r.tag,flagged:s.flagged,hidden:s.hidden,version:r.version})};try{return{state:await i(e),rebased:!1}}catch(r){let s=r instanceof ft&&r.status===409?r.body?.current:void 0;if(!s)throw r;try{return{state:await i(s),rebased:!0}}catch(o){throw o instanceof ft&&o.status===409?new ft(409,"flags keep changing elsewhere; reload the page and try again",o.body):o}}}function bt(t,e=3){if(t==null||!Number.isFinite(t))return"—";let n=Math.abs(t);if(n!==0&&(n<10**-e||n>=1e6))return t.toExponential(2);let i=t.toFixed(e);return/^-0\.0*$/.test(i)?i.slice(1):i}function Gt(t,e=3){let n=bt(t,e);return t!=null&&t>0&&n!=="—"?`+${n}`:n}var Eu=new Intl.NumberFormat("en-US",{maximumFractionDigits:0});function B(t){return t==null||!Number.isFinite(t)?"—":Eu.format(t)}function Vn(t){let e=t.indexOf("@");return e<0?t:`${t.slice(0,e)} (${t.slice(e+1)})`}function Be(t){let e=Vn(t.column),{low:n,high:i}=t;return n!==null&&i!==null?`${n} ≤ ${e} ≤ ${i}`:n!==null?`${e} ≥ ${n}`:i!==null?`${e} ≤ ${i}`:`${e}: any defined value`}function Mt(t,e){return t===null?"":e===null?t:e==="rest"?`${t} vs. the rest`:`${t} vs. ${e}`}function Hn(t,e){if(t===null)return"";let n=t===1?"label":"labels";return e===null?`${B(t)} ${n}`:`${B(t)} of ${B(e)} ${n}`}function tr(t){try{return decodeURIComponent(t)}catch{return t}}function qn(t){let e=t.startsWith("#")?t.slice(1):t,n={tab:null,entries:[]};for(let i of e.split("&")){if(i==="")continue;let r=i.indexOf("=");r<0?n.tab??=tr(i):n.entries.push([tr(i.slice(0,r)),tr(i.slice(r+1))])}return n}function Js(t){let e=[];t.tab!==null&&t.tab!==""&&e.push(encodeURIComponent(t.tab));for(let[n,i]of t.entries)e.push(`${encodeURIComponent(n)}=${encodeURIComponent(i)}`);return e.length?`#${e.join("&")}`:""}function to(t,e){let n={};for(let[i,r]of t.entries)i.startsWith(e)&&(n[i.slice(e.length)]=r);return n}function eo(t,e,n,i){let r=t.entries.filter(([o])=>!o.startsWith(e)),s=Object.entries(n).map(([o,a])=>[e+o,a]);return{tab:t.tab??i,entries:[...r,...s]}}var ao="npmi_xy",Yt=1e3;function lo(){return{run:null,tag:null,step:null,threshold:null,metric:null,x1:null,x2:null,smoothing:0,q:"",caseSensitive:!1,ranges:[],sort:"gap",order:"desc",minCount:0,includeZero:!1,includeUndefined:!1,flaggedOnly:!1,showHidden:!1,showCounts:!1,selected:[],view:"table",run2:null,tag2:null,step2:null,compareSort:"delta",compareOrder:"abs",plot:"violin"}}var no=["desc","asc","abs"],ku=["delta","gap_a","gap_b","label"];function Ue(t,e,n){return e.includes(t)?t:n}function io(t){if(t===void 0||!/^-?\d+$/.test(t))return null;let e=Number(t);return Number.isSafeInteger(e)?e:null}function ro(t,e){if(t===void 0||t.trim()==="")return e;let n=Number(t);return Number.isFinite(n)&&n>=0?n:e}function so(t){if(t===void 0)return[];try{let e=JSON.parse(t);return Array.isArray(e)?e.filter(n=>typeof n=="string"):[]}catch{return[]}}function Nt(t){return t===void 0||t===""?null:t}function uo(t){let e=lo(),n=t.threshold===void 0?NaN:Number(t.threshold),i=so(t.range).map(Ds).filter(r=>r!==null);return{run:Nt(t.run),tag:Nt(t.tag),step:io(t.step),threshold:Number.isFinite(n)?n:null,metric:Nt(t.metric),x1:Nt(t.x1),x2:Nt(t.x2),smoothing:ro(t.smoothing,0),q:t.q??"",caseSensitive:t.cs==="1",ranges:i,sort:Nt(t.sort)??e.sort,order:Ue(t.order,no,e.order),minCount:Math.floor(ro(t.min_count,0)),includeZero:t.zero==="1",includeUndefined:t.undef==="1",flaggedOnly:t.flagged==="1",showHidden:t.hidden==="1",showCounts:t.counts==="1",selected:[...new Set(so(t.sel))].slice(0,Yt),view:Ue(t.view,["table","compare"],e.view),run2:Nt(t.run2),tag2:Nt(t.tag2),step2:io(t.step2),compareSort:Ue(t.csort,ku,e.compareSort),compareOrder:Ue(t.corder,no,e.compareOrder),plot:Ue(t.plot,["violin","histogram"],e.plot)}}function je(t){let e=lo(),n={},i=(s,o,a=null)=>{o!==null&&o!==a&&(n[s]=o)},r=(s,o)=>{o&&(n[s]="1")};return i("run",t.run),i("tag",t.tag),i("step",t.step===null?null:String(t.step)),i("threshold",t.threshold===null?null:String(t.threshold)),i("metric",t.metric,ao),i("x1",t.x1),i("x2",t.x2),i("smoothing",String(t.smoothing),"0"),i("q",t.q,""),r("cs",t.caseSensitive),t.ranges.length&&(n.range=JSON.stringify(t.ranges.map(Fe))),i("sort",t.sort,e.sort),i("order",t.order,e.order),i("min_count",String(t.minCount),"0"),r("zero",t.includeZero),r("undef",t.includeUndefined),r("flagged",t.flaggedOnly),r("hidden",t.showHidden),r("counts",t.showCounts),t.selected.length&&(n.sel=JSON.stringify(t.selected)),i("view",t.view,e.view),i("run2",t.run2),i("tag2",t.tag2),i("step2",t.step2===null?null:String(t.step2)),i("csort",t.compareSort,e.compareSort),i("corder",t.compareOrder,e.compareOrder),i("plot",t.plot,e.plot),n}function Au(t){let e=t.kind==="counts"?ao:"nPMI";return t.metrics.includes(e)?e:t.metrics[0]??e}function er(t,e,n){return t.runs.find(r=>r.run===e)?.tags.find(r=>r.tag===n)??null}function oo(t){let e=t.indexOf("@");return e<0?null:t.slice(e+1)}function co(t,e){let n=e.runs.filter(b=>b.tags.length>0);if(n.length===0)return null;let i=n.find(b=>b.run===t.run)??n.find(b=>b.tags.some(y=>y.tag===t.tag))??n[0],r=i.tags.find(b=>b.tag===t.tag)??i.tags[0],s=r.identities,o=r.kind==="counts",a=t.x1!==null&&s.includes(t.x1)?t.x1:s[0]??null,l=t.x2;l!==null&&(l==="rest"&&s.length>=2||l!==a&&s.includes(l))||(l=s.find(b=>b!==a)??null);let c=oo(t.sort),h=c!==null&&!s.includes(c)?"gap":t.sort,f=t.metric!==null&&r.metrics.includes(t.metric)?t.metric:Au(r);l===null&&a!==null&&h==="gap"&&(h=`${f}@${a}`);let d=t.ranges.filter(b=>{let y=oo(b.column);return y===null||s.includes(y)}),p=e.runs.find(b=>b.run===t.run2)?t.run2:null,v=er(e,p??i.run,t.tag2??r.tag),m=v&&t.tag2!==null?t.tag2:null,g=v&&t.step2!==null&&v.steps.includes(t.step2)?t.step2:null;return{info:r,state:{...t,run:i.run,tag:r.tag,step:t.step!==null&&r.steps.includes(t.step)?t.step:null,threshold:o&&t.threshold!==null&&r.thresholds.includes(t.threshold)?t.threshold:null,metric:f,x1:a,x2:l,smoothing:o?t.smoothing:0,sort:h,ranges:d,selected:t.selected.slice(0,Yt),run2:p,tag2:m,step2:g}}}function ho(t,e){if(t.sort!==e)return{sort:e,order:e==="label"?"asc":"desc"};let n=e==="gap"||e.includes("@")&&!e.startsWith("count@"),i=e==="label"?["asc","desc"]:n?["desc","asc","abs"]:["desc","asc"],r=i.indexOf(t.order);return{sort:e,order:i[(r+1)%i.length]}}function fo(t,e){if(t.compareSort!==e)return{compareSort:e,compareOrder:e==="label"?"asc":e==="delta"?"abs":"desc"};let n=e==="label"?["asc","desc"]:["desc","asc","abs"],i=n.indexOf(t.compareOrder);return{compareSort:e,compareOrder:n[(i+1)%n.length]}}function Bn(t,e,n){if(!n){let s=new Set(e);return t.filter(o=>!s.has(o))}let i=[...t],r=new Set(t);for(let s of e){if(i.length>=Yt)break;r.has(s)||(r.add(s),i.push(s))}return i}function Un(t){return JSON.stringify([t.run,t.tag,t.step,t.threshold,t.metric,t.x1,t.x2,t.smoothing,t.q,t.caseSensitive,t.ranges.map(Fe),t.minCount,t.includeZero,t.includeUndefined,t.flaggedOnly,t.showHidden])}var nr="tb_bias",po=`p.${nr}.`;function mo(t){try{let e=t.parent;if(e&&e!==t)return e.location.hash,e}catch{}return t}function go(t){let{tab:e}=qn(t);return e===null||e===nr}function ir(t){return uo(to(qn(t.location.hash),po))}function Cu(t,e){return Js(eo(qn(t),po,je(e),nr))}function _o(t,e,n){let i=Cu(t.location.hash,e),r=t.location.hash==="#"?"":t.location.hash;return i===r?!1:(t.history.replaceState(t.history.state,"",`${t.location.pathname}${t.location.search}${i}`),t.dispatchEvent(n()),!0)}function D(t,e,n){t.dispatchEvent(new CustomEvent(e,{detail:n,bubbles:!0,composed:!0}))}var Z=K`
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
  *,
  *::before,
  *::after {
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
`;var It={ATTRIBUTE:1,CHILD:2,PROPERTY:3,BOOLEAN_ATTRIBUTE:4,EVENT:5,ELEMENT:6},Qt=t=>(...e)=>({_$litDirective$:t,values:e}),zt=class{constructor(e){}get _$AU(){return this._$AM._$AU}_$AT(e,n,i){this._$Ct=e,this._$AM=n,this._$Ci=i}_$AS(e,n){return this.update(e,n)}update(e,n){return this.render(...n)}};var bo="important",Tu=" !"+bo,Et=Qt(class extends zt{constructor(t){if(super(t),t.type!==It.ATTRIBUTE||t.name!=="style"||t.strings?.length>2)throw Error("The `styleMap` directive must be used in the `style` attribute and must be the only part in the attribute.")}render(t){return Object.keys(t).reduce((e,n)=>{let i=t[n];return i==null?e:e+`${n=n.includes("-")?n:n.replace(/(?:^(webkit|moz|ms|o)|)(?=[A-Z])/g,"-$&").toLowerCase()}:${i};`},"")}update(t,[e]){let{style:n}=t.element;if(this.ft===void 0)return this.ft=new Set(Object.keys(e)),this.render(e);for(let i of this.ft)e[i]==null&&(this.ft.delete(i),i.includes("-")?n.removeProperty(i):n[i]=null);for(let i in e){let r=e[i];if(r!=null){this.ft.add(i);let s=typeof r=="string"&&r.endsWith(Tu);i.includes("-")||s?n.setProperty(i,s?r.slice(0,-11):r,s?bo:""):n[i]=r}}return lt}});function le(t,e,n,i){var r=arguments.length,s=r<3?e:i===null?i=Object.getOwnPropertyDescriptor(e,n):i,o;if(typeof Reflect=="object"&&typeof Reflect.decorate=="function")s=Reflect.decorate(t,e,n,i);else for(var a=t.length-1;a>=0;a--)(o=t[a])&&(s=(r<3?o(s):r>3?o(e,n,s):o(e,n))||s);return r>3&&s&&Object.defineProperty(e,n,s),s}var{I:Ru}=Os,yo=t=>t;var wo=t=>t.strings===void 0,vo=()=>document.createComment(""),ue=(t,e,n)=>{let i=t._$AA.parentNode,r=e===void 0?t._$AB:e._$AA;if(n===void 0){let s=i.insertBefore(vo(),r),o=i.insertBefore(vo(),r);n=new Ru(s,o,t,t.options)}else{let s=n._$AB.nextSibling,o=n._$AM,a=o!==t;if(a){let l;n._$AQ?.(t),n._$AM=t,n._$AP!==void 0&&(l=t._$AU)!==o._$AU&&n._$AP(l)}if(s!==r||a){let l=n._$AA;for(;l!==s;){let u=yo(l).nextSibling;yo(i).insertBefore(l,r),l=u}}}return n},Lt=(t,e,n=t)=>(t._$AI(e,n),t),Pu={},xo=(t,e=Pu)=>t._$AH=e,$o=t=>t._$AH,jn=t=>{t._$AR(),t._$AA.remove()};var Xe=(t,e)=>{let n=t._$AN;if(n===void 0)return!1;for(let i of n)i._$AO?.(e,!1),Xe(i,e);return!0},Xn=t=>{let e,n;do{if((e=t._$AM)===void 0)break;n=e._$AN,n.delete(t),t=e}while(n?.size===0)},So=t=>{for(let e;e=t._$AM;t=e){let n=e._$AN;if(n===void 0)e._$AN=n=new Set;else if(n.has(t))break;n.add(t),zu(e)}};function Ou(t){this._$AN!==void 0?(Xn(this),this._$AM=t,So(this)):this._$AM=t}function Nu(t,e=!1,n=0){let i=this._$AH,r=this._$AN;if(r!==void 0&&r.size!==0)if(e)if(Array.isArray(i))for(let s=n;s<i.length;s++)Xe(i[s],!1),Xn(i[s]);else i!=null&&(Xe(i,!1),Xn(i));else Xe(this,t)}var zu=t=>{t.type==It.CHILD&&(t._$AP??=Nu,t._$AQ??=Ou)},Wn=class extends zt{constructor(){super(...arguments),this._$AN=void 0}_$AT(e,n,i){super._$AT(e,n,i),So(this),this.isConnected=e._$AU}_$AO(e,n=!0){e!==this.isConnected&&(this.isConnected=e,e?this.reconnected?.():this.disconnected?.()),n&&(Xe(this,e),Xn(this))}setValue(e){if(wo(this._$Ct))this._$Ct._$AI(e,this);else{let n=[...this._$Ct._$AH];n[this._$Ci]=e,this._$Ct._$AI(n,this,0)}}disconnected(){}reconnected(){}};var Mo=(t,e,n)=>{let i=new Map;for(let r=e;r<=n;r++)i.set(t[r],r);return i},Eo=Qt(class extends zt{constructor(t){if(super(t),t.type!==It.CHILD)throw Error("repeat() can only be used in text expressions")}dt(t,e,n){let i;n===void 0?n=e:e!==void 0&&(i=e);let r=[],s=[],o=0;for(let a of t)r[o]=i?i(a,o):o,s[o]=n(a,o),o++;return{values:s,keys:r}}render(t,e,n){return this.dt(t,e,n).values}update(t,[e,n,i]){let r=$o(t),{values:s,keys:o}=this.dt(e,n,i);if(!Array.isArray(r))return this.ut=o,s;let a=this.ut??=[],l=[],u,c,h=0,f=r.length-1,d=0,p=s.length-1;for(;h<=f&&d<=p;)if(r[h]===null)h++;else if(r[f]===null)f--;else if(a[h]===o[d])l[d]=Lt(r[h],s[d]),h++,d++;else if(a[f]===o[p])l[p]=Lt(r[f],s[p]),f--,p--;else if(a[h]===o[p])l[p]=Lt(r[h],s[p]),ue(t,l[p+1],r[h]),h++,p--;else if(a[f]===o[d])l[d]=Lt(r[f],s[d]),ue(t,r[h],r[f]),f--,d++;else if(u===void 0&&(u=Mo(o,d,p),c=Mo(a,h,f)),u.has(a[h]))if(u.has(a[f])){let v=c.get(o[d]),m=v!==void 0?r[v]:null;if(m===null){let g=ue(t,r[h]);Lt(g,s[d]),l[d]=g}else l[d]=Lt(m,s[d]),ue(t,r[h],m),r[v]=null;d++}else jn(r[f]),f--;else jn(r[h]),h++;for(;d<=p;){let v=ue(t,l[p+1]);Lt(v,s[d]),l[d++]=v}for(;h<=f;){let v=r[h++];v!==null&&jn(v)}return this.ut=o,xo(t,l),lt}});var ce=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};ce.eventName="rangeChanged";var he=class t extends Event{constructor(e){super(t.eventName,{bubbles:!1}),this.first=e.first,this.last=e.last}};he.eventName="visibilityChanged";var We=class t extends Event{constructor(){super(t.eventName,{bubbles:!1})}};We.eventName="unpinned";var rr=class{constructor(e){this._element=null;let n=e??window;this._node=n,e&&(this._element=e)}get element(){return this._element||document.scrollingElement||document.documentElement}get scrollTop(){return this.element.scrollTop||window.scrollY}get scrollLeft(){return this.element.scrollLeft||window.scrollX}get scrollHeight(){return this.element.scrollHeight}get scrollWidth(){return this.element.scrollWidth}get viewportHeight(){return this._element?this._element.getBoundingClientRect().height:window.innerHeight}get viewportWidth(){return this._element?this._element.getBoundingClientRect().width:window.innerWidth}get maxScrollTop(){return this.scrollHeight-this.viewportHeight}get maxScrollLeft(){return this.scrollWidth-this.viewportWidth}},Kn=class extends rr{constructor(e,n){super(n),this._clients=new Set,this._retarget=null,this._end=null,this.__destination=null,this.correctingScrollError=!1,this._checkForArrival=this._checkForArrival.bind(this),this._updateManagedScrollTo=this._updateManagedScrollTo.bind(this),this.scrollTo=this.scrollTo.bind(this),this.scrollBy=this.scrollBy.bind(this);let i=this._node;this._originalScrollTo=i.scrollTo,this._originalScrollBy=i.scrollBy,this._originalScroll=i.scroll,this._attach(e)}get _destination(){return this.__destination}get scrolling(){return this._destination!==null}scrollTo(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;this._scrollTo(i)}scrollBy(e,n){let i=typeof e=="number"&&typeof n=="number"?{left:e,top:n}:e;i.top!==void 0&&(i.top+=this.scrollTop),i.left!==void 0&&(i.left+=this.scrollLeft),this._scrollTo(i)}_nativeScrollTo(e){this._originalScrollTo.bind(this._element||window)(e)}_scrollTo(e,n=null,i=null){this._end!==null&&this._end(),e.behavior==="smooth"?(this._setDestination(e),this._retarget=n,this._end=i):this._resetScrollState(),this._nativeScrollTo(e)}_setDestination(e){let{top:n,left:i}=e;return n=n===void 0?void 0:Math.max(0,Math.min(n,this.maxScrollTop)),i=i===void 0?void 0:Math.max(0,Math.min(i,this.maxScrollLeft)),this._destination!==null&&i===this._destination.left&&n===this._destination.top?!1:(this.__destination={top:n,left:i,behavior:"smooth"},!0)}_resetScrollState(){this.__destination=null,this._retarget=null,this._end=null}_updateManagedScrollTo(e){this._destination&&this._setDestination(e)&&this._nativeScrollTo(this._destination)}managedScrollTo(e,n,i){return this._scrollTo(e,n,i),this._updateManagedScrollTo}correctScrollError(e){this.correctingScrollError=!0,requestAnimationFrame(()=>requestAnimationFrame(()=>this.correctingScrollError=!1)),this._nativeScrollTo(e),this._retarget&&this._setDestination(this._retarget()),this._destination&&this._nativeScrollTo(this._destination)}_checkForArrival(){if(this._destination!==null){let{scrollTop:e,scrollLeft:n}=this,{top:i,left:r}=this._destination;i=Math.min(i||0,this.maxScrollTop),r=Math.min(r||0,this.maxScrollLeft);let s=Math.abs(i-e),o=Math.abs(r-n);s<1&&o<1&&(this._end&&this._end(),this._resetScrollState())}}detach(e){return this._clients.delete(e),this._clients.size===0&&(this._node.scrollTo=this._originalScrollTo,this._node.scrollBy=this._originalScrollBy,this._node.scroll=this._originalScroll,this._node.removeEventListener("scroll",this._checkForArrival)),null}_attach(e){this._clients.add(e),this._clients.size===1&&(this._node.scrollTo=this.scrollTo,this._node.scrollBy=this.scrollBy,this._node.scroll=this.scrollTo,this._node.addEventListener("scroll",this._checkForArrival))}};var Ro=typeof window<"u"?window.ResizeObserver:void 0;var Ye=Symbol("virtualizerRef"),Zn="virtualizer-sizer",Po,ti=class{constructor(e){if(this._benchmarkStart=null,this._layout=null,this._clippingAncestors=[],this._scrollSize=null,this._scrollError=null,this._childrenPos=null,this._childMeasurements=null,this._toBeMeasured=new Map,this._rangeChanged=!0,this._itemsChanged=!0,this._visibilityChanged=!0,this._scrollerController=null,this._isScroller=!1,this._sizer=null,this._hostElementRO=null,this._childrenRO=null,this._mutationObserver=null,this._scrollEventListeners=[],this._scrollEventListenerOptions={passive:!0},this._loadListener=this._childLoaded.bind(this),this._scrollIntoViewTarget=null,this._updateScrollIntoViewCoordinates=null,this._items=[],this._first=-1,this._last=-1,this._firstVisible=-1,this._lastVisible=-1,this._scheduled=new WeakSet,this._measureCallback=null,this._measureChildOverride=null,this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null,this._layoutInitialized=null,this._connected=!1,!e)throw new Error("Virtualizer constructor requires a configuration object");if(e.hostElement)this._init(e);else throw new Error('Virtualizer configuration requires the "hostElement" property')}set items(e){Array.isArray(e)&&e!==this._items&&(this._itemsChanged=!0,this._items=e,this._schedule(this._updateLayout))}_init(e){this._isScroller=!!e.scroller,this._initHostElement(e);let n=e.layout||{};this._layoutInitialized=this._initLayout(n)}_initObservers(){this._mutationObserver=new MutationObserver(this._finishDOMUpdate.bind(this)),this._hostElementRO=new Ro(()=>this._hostElementSizeChanged()),this._childrenRO=new Ro(this._childrenSizeChanged.bind(this))}_initHostElement(e){let n=this._hostElement=e.hostElement;this._applyVirtualizerStyles(),n[Ye]=this}connected(){this._initObservers();let e=this._isScroller;this._clippingAncestors=Hu(this._hostElement,e),this._scrollerController=new Kn(this,this._clippingAncestors[0]),this._schedule(this._updateLayout),this._observeAndListen(),this._connected=!0}_observeAndListen(){this._mutationObserver.observe(this._hostElement,{childList:!0}),this._hostElementRO.observe(this._hostElement),this._scrollEventListeners.push(window),window.addEventListener("scroll",this,this._scrollEventListenerOptions),this._clippingAncestors.forEach(e=>{e.addEventListener("scroll",this,this._scrollEventListenerOptions),this._scrollEventListeners.push(e),this._hostElementRO.observe(e)}),this._hostElementRO.observe(this._scrollerController.element),this._children.forEach(e=>this._childrenRO.observe(e)),this._scrollEventListeners.forEach(e=>e.addEventListener("scroll",this,this._scrollEventListenerOptions))}disconnected(){this._scrollEventListeners.forEach(e=>e.removeEventListener("scroll",this,this._scrollEventListenerOptions)),this._scrollEventListeners=[],this._clippingAncestors=[],this._scrollerController?.detach(this),this._scrollerController=null,this._mutationObserver?.disconnect(),this._mutationObserver=null,this._hostElementRO?.disconnect(),this._hostElementRO=null,this._childrenRO?.disconnect(),this._childrenRO=null,this._rejectLayoutCompletePromise("disconnected"),this._connected=!1}_applyVirtualizerStyles(){let n=this._hostElement.style;n.display=n.display||"block",n.position=n.position||"relative",n.contain=n.contain||"size layout",this._isScroller&&(n.overflow=n.overflow||"auto",n.minHeight=n.minHeight||"150px")}_getSizer(){let e=this._hostElement;if(!this._sizer){let n=e.querySelector(`[${Zn}]`);n||(n=document.createElement("div"),n.setAttribute(Zn,""),e.appendChild(n)),Object.assign(n.style,{position:"absolute",margin:"-2px 0 0 0",padding:0,visibility:"hidden",fontSize:"2px"}),n.textContent="&nbsp;",n.setAttribute(Zn,""),this._sizer=n}return this._sizer}async updateLayoutConfig(e){await this._layoutInitialized;let n=e.type||Po;if(typeof n=="function"&&this._layout instanceof n){let i={...e};return delete i.type,this._layout.config=i,!0}return!1}async _initLayout(e){let n,i;if(typeof e.type=="function"){i=e.type;let r={...e};delete r.type,n=r}else n=e;i===void 0&&(Po=i=(await Promise.resolve().then(()=>(Qn(),To))).FlowLayout),this._layout=new i(r=>this._handleLayoutMessage(r),n),this._layout.measureChildren&&typeof this._layout.updateItemSizes=="function"&&(typeof this._layout.measureChildren=="function"&&(this._measureChildOverride=this._layout.measureChildren),this._measureCallback=this._layout.updateItemSizes.bind(this._layout)),this._layout.listenForChildLoadEvents&&this._hostElement.addEventListener("load",this._loadListener,!0),this._schedule(this._updateLayout)}startBenchmarking(){this._benchmarkStart===null&&(this._benchmarkStart=window.performance.now())}stopBenchmarking(){if(this._benchmarkStart!==null){let e=window.performance.now(),n=e-this._benchmarkStart,r=performance.getEntriesByName("uv-virtualizing","measure").filter(s=>s.startTime>=this._benchmarkStart&&s.startTime<e).reduce((s,o)=>s+o.duration,0);return this._benchmarkStart=null,{timeElapsed:n,virtualizationTime:r}}return null}_measureChildren(){let e={},n=this._children,i=this._measureChildOverride||this._measureChild;for(let r=0;r<n.length;r++){let s=n[r],o=this._first+r;(this._itemsChanged||this._toBeMeasured.has(s))&&(e[o]=i.call(this,s,this._items[o]))}this._childMeasurements=e,this._schedule(this._updateLayout),this._toBeMeasured.clear()}_measureChild(e){let{width:n,height:i}=e.getBoundingClientRect();return Object.assign({width:n,height:i},Fu(e))}async _schedule(e){this._scheduled.has(e)||(this._scheduled.add(e),await Promise.resolve(),this._scheduled.delete(e),e.call(this))}async _updateDOM(e){this._scrollSize=e.scrollSize,this._adjustRange(e.range),this._childrenPos=e.childPositions,this._scrollError=e.scrollError||null;let{_rangeChanged:n,_itemsChanged:i}=this;this._visibilityChanged&&(this._notifyVisibility(),this._visibilityChanged=!1),(n||i)&&(this._notifyRange(),this._rangeChanged=!1),this._finishDOMUpdate()}_finishDOMUpdate(){this._connected&&(this._children.forEach(e=>this._childrenRO.observe(e)),this._checkScrollIntoViewTarget(this._childrenPos),this._positionChildren(this._childrenPos),this._sizeHostElement(this._scrollSize),this._correctScrollError(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_updateLayout(){this._layout&&this._connected&&(this._layout.items=this._items,this._updateView(),this._childMeasurements!==null&&(this._measureCallback&&this._measureCallback(this._childMeasurements),this._childMeasurements=null),this._layout.reflowIfNeeded(),this._benchmarkStart&&"mark"in window.performance&&window.performance.mark("uv-end"))}_handleScrollEvent(){if(this._benchmarkStart&&"mark"in window.performance){try{window.performance.measure("uv-virtualizing","uv-start","uv-end")}catch(e){console.warn("Error measuring performance data: ",e)}window.performance.mark("uv-start")}this._scrollerController.correctingScrollError===!1&&this._layout?.unpin(),this._schedule(this._updateLayout)}handleEvent(e){e.type==="scroll"?(e.currentTarget===window||this._clippingAncestors.includes(e.currentTarget))&&this._handleScrollEvent():console.warn("event not handled",e)}_handleLayoutMessage(e){e.type==="stateChanged"?this._updateDOM(e):e.type==="visibilityChanged"?(this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._notifyVisibility()):e.type==="unpinned"&&this._hostElement.dispatchEvent(new We)}get _children(){let e=[],n=this._hostElement.firstElementChild;for(;n;)n.hasAttribute(Zn)||e.push(n),n=n.nextElementSibling;return e}_updateView(){let e=this._hostElement,n=this._scrollerController?.element,i=this._layout;if(e&&n&&i){let r,s,o,a,l=e.getBoundingClientRect();r=0,s=0,o=window.innerHeight,a=window.innerWidth;let u=this._clippingAncestors.map(g=>g.getBoundingClientRect());u.unshift(l);for(let g of u)r=Math.max(r,g.top),s=Math.max(s,g.left),o=Math.min(o,g.bottom),a=Math.min(a,g.right);let c=n.getBoundingClientRect(),h={left:l.left-c.left,top:l.top-c.top},f={width:n.scrollWidth,height:n.scrollHeight},d=r-l.top+e.scrollTop,p=s-l.left+e.scrollLeft,v=Math.max(0,o-r),m=Math.max(0,a-s);i.viewportSize={width:m,height:v},i.viewportScroll={top:d,left:p},i.totalScrollSize=f,i.offsetWithinScroller=h}}_sizeHostElement(e){let i=e&&e.width!==null?Math.min(82e5,e.width):0,r=e&&e.height!==null?Math.min(82e5,e.height):0;if(this._isScroller)this._getSizer().style.transform=`translate(${i}px, ${r}px)`;else{let s=this._hostElement.style;s.minWidth=i?`${i}px`:"100%",s.minHeight=r?`${r}px`:"100%"}}_positionChildren(e){e&&e.forEach(({top:n,left:i,width:r,height:s,xOffset:o,yOffset:a},l)=>{let u=this._children[l-this._first];u&&(u.style.position="absolute",u.style.boxSizing="border-box",u.style.transform=`translate(${i}px, ${n}px)`,r!==void 0&&(u.style.width=r+"px"),s!==void 0&&(u.style.height=s+"px"),u.style.left=o===void 0?null:o+"px",u.style.top=a===void 0?null:a+"px")})}async _adjustRange(e){let{_first:n,_last:i,_firstVisible:r,_lastVisible:s}=this;this._first=e.first,this._last=e.last,this._firstVisible=e.firstVisible,this._lastVisible=e.lastVisible,this._rangeChanged=this._rangeChanged||this._first!==n||this._last!==i,this._visibilityChanged=this._visibilityChanged||this._firstVisible!==r||this._lastVisible!==s}_correctScrollError(){if(this._scrollError){let{scrollTop:e,scrollLeft:n}=this._scrollerController,{top:i,left:r}=this._scrollError;this._scrollError=null,this._scrollerController.correctScrollError({top:e-i,left:n-r})}}element(e){return e===1/0&&(e=this._items.length-1),this._items?.[e]===void 0?void 0:{scrollIntoView:(n={})=>this._scrollElementIntoView({...n,index:e})}}_scrollElementIntoView(e){if(e.index>=this._first&&e.index<=this._last)this._children[e.index-this._first].scrollIntoView(e);else if(e.index=Math.min(e.index,this._items.length-1),e.behavior==="smooth"){let n=this._layout.getScrollIntoViewCoordinates(e),{behavior:i}=e;this._updateScrollIntoViewCoordinates=this._scrollerController.managedScrollTo(Object.assign(n,{behavior:i}),()=>this._layout.getScrollIntoViewCoordinates(e),()=>this._scrollIntoViewTarget=null),this._scrollIntoViewTarget=e}else this._layout.pin=e}_checkScrollIntoViewTarget(e){let{index:n}=this._scrollIntoViewTarget||{};n&&e?.has(n)&&this._updateScrollIntoViewCoordinates(this._layout.getScrollIntoViewCoordinates(this._scrollIntoViewTarget))}_notifyRange(){this._hostElement.dispatchEvent(new ce({first:this._first,last:this._last}))}_notifyVisibility(){this._hostElement.dispatchEvent(new he({first:this._firstVisible,last:this._lastVisible}))}get layoutComplete(){return this._layoutCompletePromise||(this._layoutCompletePromise=new Promise((e,n)=>{this._layoutCompleteResolver=e,this._layoutCompleteRejecter=n})),this._layoutCompletePromise}_rejectLayoutCompletePromise(e){this._layoutCompleteRejecter!==null&&this._layoutCompleteRejecter(e),this._resetLayoutCompleteState()}_scheduleLayoutComplete(){this._layoutCompletePromise&&this._pendingLayoutComplete===null&&(this._pendingLayoutComplete=requestAnimationFrame(()=>requestAnimationFrame(()=>this._resolveLayoutCompletePromise())))}_resolveLayoutCompletePromise(){this._layoutCompleteResolver!==null&&this._layoutCompleteResolver(),this._resetLayoutCompleteState()}_resetLayoutCompleteState(){this._layoutCompletePromise=null,this._layoutCompleteResolver=null,this._layoutCompleteRejecter=null,this._pendingLayoutComplete=null}_hostElementSizeChanged(){this._schedule(this._updateLayout)}_childLoaded(){}_childrenSizeChanged(e){if(this._layout?.measureChildren){for(let n of e)this._toBeMeasured.set(n.target,n.contentRect);this._measureChildren()}this._scheduleLayoutComplete(),this._itemsChanged=!1,this._rangeChanged=!1}};function Fu(t){let e=window.getComputedStyle(t);return{marginTop:Jn(e.marginTop),marginRight:Jn(e.marginRight),marginBottom:Jn(e.marginBottom),marginLeft:Jn(e.marginLeft)}}function Jn(t){let e=t?parseFloat(t):NaN;return Number.isNaN(e)?0:e}function Oo(t){if(t.assignedSlot!==null)return t.assignedSlot;if(t.parentElement!==null)return t.parentElement;let e=t.parentNode;return e&&e.nodeType===Node.DOCUMENT_FRAGMENT_NODE&&e.host||null}function Vu(t,e=!1){let n=[],i=e?t:Oo(t);for(;i!==null;)n.push(i),i=Oo(i);return n}function Hu(t,e=!1){let n=!1;return Vu(t,e).filter(i=>{if(n)return!1;let r=getComputedStyle(i);return n=r.position==="fixed",r.overflow!=="visible"})}var lr=t=>t,ur=(t,e)=>_`${e}: ${JSON.stringify(t,null,2)}`,ar=class extends Wn{constructor(e){if(super(e),this._virtualizer=null,this._first=0,this._last=-1,this._renderItem=(n,i)=>ur(n,i+this._first),this._keyFunction=(n,i)=>lr(n,i+this._first),this._items=[],e.type!==It.CHILD)throw new Error("The virtualize directive can only be used in child expressions")}render(e){e&&this._setFunctions(e);let n=[];if(this._first>=0&&this._last>=this._first)for(let i=this._first;i<=this._last;i++)n.push(this._items[i]);return Eo(n,this._keyFunction,this._renderItem)}update(e,[n]){this._setFunctions(n);let i=this._items!==n.items;return this._items=n.items||[],this._virtualizer?this._updateVirtualizerConfig(e,n):this._initialize(e,n),i?lt:this.render()}async _updateVirtualizerConfig(e,n){if(!await this._virtualizer.updateLayoutConfig(n.layout||{})){let r=e.parentNode;this._makeVirtualizer(r,n)}this._virtualizer.items=this._items}_setFunctions(e){let{renderItem:n,keyFunction:i}=e;n&&(this._renderItem=(r,s)=>n(r,s+this._first)),i&&(this._keyFunction=(r,s)=>i(r,s+this._first))}_makeVirtualizer(e,n){this._virtualizer&&this._virtualizer.disconnected();let{layout:i,scroller:r,items:s}=n;this._virtualizer=new ti({hostElement:e,layout:i,scroller:r}),this._virtualizer.items=s,this._virtualizer.connected()}_initialize(e,n){let i=e.parentNode;i&&i.nodeType===1&&(i.addEventListener("rangeChanged",r=>{this._first=r.first,this._last=r.last,this.setValue(this.render())}),this._makeVirtualizer(i,n))}disconnected(){this._virtualizer?.disconnected()}reconnected(){this._virtualizer?.connected()}},No=Qt(ar);var kt=class extends L{constructor(){super(...arguments),this.items=[],this.renderItem=ur,this.keyFunction=lr,this.layout={},this.scroller=!1}createRenderRoot(){return this}render(){let{items:e,renderItem:n,keyFunction:i,layout:r,scroller:s}=this;return _`${No({items:e,renderItem:n,keyFunction:i,layout:r,scroller:s})}`}element(e){return this[Ye]?.element(e)}get layoutComplete(){return this[Ye]?.layoutComplete}scrollToIndex(e,n="start"){this.element(e)?.scrollIntoView({block:n})}};le([E({attribute:!1})],kt.prototype,"items",void 0);le([E()],kt.prototype,"renderItem",void 0);le([E()],kt.prototype,"keyFunction",void 0);le([E({attribute:!1})],kt.prototype,"layout",void 0);le([E({reflect:!0,type:Boolean})],kt.prototype,"scroller",void 0);customElements.define("lit-virtualizer",kt);Qn();function Qe(t,e){if(t===null||!Number.isFinite(t))return null;let n=Math.min(e[0],e[1]),i=Math.max(e[0],e[1]);if(!(i>n))return null;let r=l=>(Math.min(i,Math.max(n,l))-n)/(i-n)*100,s=n<=0&&i>=0?0:n,o=r(s),a=r(t);return{left:Math.min(o,a),width:Math.abs(a-o),negative:t<s}}var zo=["#0072B2","#D55E00","#009E73","#CC79A7","#E69F00","#56B4E9","#F0E442","#000000"],Ze="#767676";function yt(t,e){if(e===null||e==="rest")return Ze;let n=t.indexOf(e);return n<0?Ze:zo[n%zo.length]}function Zt(t,e,n,i){return i===null||i===0?Ze:i>0?yt(t,e):yt(t,n)}var ei=ut`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
  <path d="M3 1.5v13" stroke="currentColor" stroke-width="1.6" fill="none" stroke-linecap="round"/>
  <path d="M3.8 2.2h8.4l-2 3 2 3H3.8z" fill="currentColor"/></svg>`,Io=ut`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
  <path d="M1.5 8s2.4-4.2 6.5-4.2S14.5 8 14.5 8s-2.4 4.2-6.5 4.2S1.5 8 1.5 8z" fill="none" stroke="currentColor" stroke-width="1.4"/>
  <circle cx="8" cy="8" r="2" fill="currentColor"/>
  <path d="M2.5 13.5l11-11" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>`;function ni(t,e){let n=null,i=null,r=()=>{n=null;let o=i;i=null,o&&t(...o)},s=(...o)=>{i=o,n!==null&&clearTimeout(n),n=setTimeout(r,e)};return s.cancel=()=>{n!==null&&clearTimeout(n),n=null,i=null},s.flush=()=>{n!==null&&clearTimeout(n),r()},s}var Je=class{constructor(e=100,n=200,i){this.total=null;this.error=null;this.pages=new Map;this.loading=new Set;this.abort=new AbortController;if(!(e>=1)||!(n>=1))throw new RangeError("pageSize and maxPages must be positive");this.pageSize=e,this.maxPages=n,this.fallback=i?new Map(i.pages):new Map,i&&(this.total=i.total)}pageOf(e){return Math.floor(e/this.pageSize)}get(e){let n=this.pageOf(e);return(this.pages.get(n)??this.fallback.get(n))?.[e-n*this.pageSize]}isStale(e){let n=this.pageOf(e);return!this.pages.has(n)&&this.fallback.has(n)}has(e){return this.pages.has(e)}get busy(){return this.loading.size>0}missing(e,n){let i=this.total===null?n:Math.min(n,this.total-1),r=[];for(let s=this.pageOf(Math.max(0,e));s<=this.pageOf(Math.max(0,i));s++)!this.pages.has(s)&&!this.loading.has(s)&&r.push(s);return r}async load(e,n,i,r){let s=this.missing(e,n);this.touch(e,n),await Promise.all(s.map(async o=>{this.loading.add(o);try{let a=await i(o*this.pageSize,this.pageSize,this.abort.signal);if(this.abort.signal.aborted)return;this.store(o,a.rows,a.total,e,n),this.error=null}catch(a){if(this.abort.signal.aborted)return;this.error=a}finally{this.loading.delete(o)}r()}))}store(e,n,i,r=0,s=0){this.pages.set(e,n),this.total=i,this.evict(r,s)}dispose(){this.abort.abort()}get loadedPages(){return[...this.pages.keys()]}touch(e,n){for(let i=this.pageOf(Math.max(0,e));i<=this.pageOf(Math.max(0,n));i++){let r=this.pages.get(i);r&&(this.pages.delete(i),this.pages.set(i,r))}}evict(e,n){let i=this.pageOf(Math.max(0,e)),r=this.pageOf(Math.max(0,n));for(let s of this.pages.keys()){if(this.pages.size<=this.maxPages)break;(s<i||s>r)&&this.pages.delete(s)}}};var Lo=[],fe=class{constructor(e,n=100,i=60){this.host=e;this.pageSize=n;this.initialRows=i;this.items=Lo;this.key=null;this.fetcher=null;this.window=[0,0];this.loadWindow=ni(()=>this.loadNow(),40);this.cache=new Je(n),e.addController(this)}hostDisconnected(){this.loadWindow.cancel(),this.cache.dispose()}setQuery(e,n,i){if(e===this.key)return!1;this.key=e,this.fetcher=n;let r=this.cache;return r.dispose(),this.cache=new Je(this.pageSize,200,i?r:void 0),i||(this.items=Lo,this.window=[0,this.initialRows]),this.loadNow(),!0}onRange(e,n){this.window=[e,n],this.cache.missing(e,n).length>0&&this.loadWindow()}retry(){this.cache.error=null,this.loadNow()}get loading(){return this.cache.busy}loadNow(){let e=this.fetcher;if(!e)return;let n=this.cache;n.load(this.window[0],this.window[1],e,()=>{if(n!==this.cache)return;let i=n.total??0;this.items.length!==i&&(this.items=Array.from({length:i},(r,s)=>s)),this.host.requestUpdate()}),this.host.requestUpdate()}};var qu=Ge(),Bu="minmax(9rem, 2fr) repeat(3, minmax(7rem, 1fr)) repeat(2, minmax(4.5rem, 0.7fr)) 2.5rem",pt=class extends L{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.gapDomain=[-2,2];this.meta=null;this.rows=new fe(this)}willUpdate(n){if(n.has("state")||n.has("api")){let i=this.state,r=JSON.stringify([Un(i),i.run2,i.tag2,i.step2,i.compareSort,i.compareOrder]);if(this.rows.setQuery(r,async(o,a,l)=>{let u=await this.api.get(qs(i,o,a),l);return this.meta=u,{rows:u.rows,total:u.total}},!1)){this.meta=null;let o=this.renderRoot.querySelector("lit-virtualizer");o&&(o.scrollTop=0)}}}change(n){D(this,"state-change",n)}bar(n,i){let r=Qe(n,this.gapDomain);return _`<div class="bar" aria-hidden="true">
      ${r?_`<div class="fill" style=${Et({left:`${r.left}%`,width:`${r.width}%`,background:i})}></div>`:x}
    </div>`}renderRow(n){let i=this.rows.cache.get(n);if(!i)return _`<div class="row" role="row" aria-rowindex=${n+2} data-testid="compare-row-placeholder">
        <div role="cell" class="cell" style="color:var(--muted)">Loading\u2026</div>
      </div>`;let r=this.state,s=this.info.identities,o=this.flags.flagged.has(i.label),a=(l,u)=>_`<div role="cell" class="cell valuecell" data-testid=${u}>
        ${this.bar(l,Zt(s,r.x1,r.x2,l))}<span class="num">${Gt(l)}</span>
      </div>`;return _`<div
      class="row data ${this.rows.cache.isStale(n)?"stale":""}"
      role="row"
      aria-rowindex=${n+2}
      data-testid="compare-row"
      data-label=${i.label}
    >
      <div role="cell" class="cell" title=${i.label}>${i.label}</div>
      ${a(i.gap_a,"cell-gap-a")} ${a(i.gap_b,"cell-gap-b")} ${a(i.delta,"cell-delta")}
      <div role="cell" class="cell num">${B(i.count_a)}</div>
      <div role="cell" class="cell num">${B(i.count_b)}</div>
      <div role="cell" class="cell flag">${o?_`<span role="img" aria-label="flagged" title="flagged">${ei}</span>`:x}</div>
    </div>`}header(n,i){let r=this.state,s=[{id:"label",title:"Label",sortable:!0},{id:"gap_a",title:`Gap A (${n})`,sortable:!0},{id:"gap_b",title:`Gap B (${i})`,sortable:!0},{id:"delta",title:"Δ = B − A",sortable:!0},{id:"count_a",title:"Count A",sortable:!1},{id:"count_b",title:"Count B",sortable:!1}];return _`<div class="row header" role="row" aria-rowindex="1">
      ${s.map(o=>{if(!o.sortable)return _`<div role="columnheader" class="cell num">${o.title}</div>`;let a=o.id,l=r.compareSort===a,u=l?r.compareOrder==="asc"?"ascending":r.compareOrder==="desc"?"descending":"other":"none",c=l?r.compareOrder==="asc"?" ▲":r.compareOrder==="desc"?" ▼":" |▼|":"";return _`<div role="columnheader" class="cell" aria-sort=${u}>
          <button
            type="button"
            data-testid=${`compare-sort-header-${a}`}
            title=${o.title}
            @click=${()=>this.change(fo(r,a))}
          >
            ${o.title}<span aria-hidden="true">${c}</span>
          </button>
        </div>`})}
      <div role="columnheader" class="cell"><span class="visually-hidden">Flagged</span></div>
    </div>`}render(){let n=this.state,i=this.runs.runs.filter(p=>p.tags.length>0),r=n.run2??n.run,s=n.tag2??n.tag,o=er(this.runs,r,s),a=i.find(p=>p.run===r)?.tags??[],l=this.rows.cache,u=l.total,c=this.meta,h=n.step===null?"latest":`step ${n.step}`,f=n.step2===null?"latest":`step ${n.step2}`,d=o?.steps[o.steps.length-1];return _`
      <div class="pickers" role="group" aria-label="Table B">
        <span>A: <strong>${n.run}</strong> / ${n.tag}, ${h} (set in the controls)</span>
        <label
          >B run
          <select
            data-testid="compare-run-select"
            @change=${p=>this.change({run2:p.target.value,step2:null})}
          >
            ${i.map(p=>_`<option .value=${p.run} .selected=${p.run===r}>${p.run}</option>`)}
          </select>
        </label>
        <label
          >table
          <select
            data-testid="compare-tag-select"
            @change=${p=>this.change({tag2:p.target.value,step2:null})}
          >
            ${a.map(p=>_`<option .value=${p.tag} .selected=${p.tag===s}>${p.tag}</option>`)}
          </select>
        </label>
        <label
          >step
          <select
            data-testid="compare-step-select"
            @change=${p=>{let v=p.target.value;this.change({step2:v===""?null:Number(v)})}}
          >
            <option value="" .selected=${n.step2===null}>latest${d===void 0?"":` (${d})`}</option>
            ${(o?.steps??[]).map(p=>_`<option .value=${String(p)} .selected=${p===n.step2}>${p}</option>`)}
          </select>
        </label>
      </div>
      <div class="summary" data-testid="compare-summary" aria-live="polite">
        Gap ${n.metric}, ${Mt(n.x1,n.x2)}.
        ${u!==null?_`${Hn(u,null)} in both`:x}
        ${c?_` \u00b7 ${B(c.only_in_a)} only in A \u00b7 ${B(c.only_in_b)} only in B`:x}
        ${c?_` \u00b7 A = ${c.a.run} step ${c.a.step}, B = ${c.b.run} step ${c.b.step}`:x}
      </div>
      ${l.error?_`<div class="error" role="alert" data-testid="error-message">
            ${dt(l.error)} <button type="button" @click=${()=>this.rows.retry()}>Retry</button>
          </div>`:x}
      <div
        class="table"
        role="table"
        aria-label="Gap changes between table A and table B"
        aria-rowcount=${(u??0)+1}
        aria-busy=${this.rows.loading}
        data-testid="compare-table"
        data-total=${u??""}
        data-loading=${this.rows.loading}
      >
        ${this.header(c?`${c.a.run}@${c.a.step}`:h,c?`${c.b.run}@${c.b.step}`:f)}
        ${u===null&&this.rows.loading?_`<div class="empty loading" data-testid="loading">Loading\u2026</div>`:x}
        ${u===0?_`<div class="empty" data-testid="compare-empty">No labels match the current filters in both tables.</div>`:x}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${qu}
          .items=${this.rows.items}
          .renderItem=${p=>this.renderRow(p)}
          @rangeChanged=${p=>this.rows.onRange(p.first,p.last)}
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
        grid-template-columns: ${kn(Bu)};
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
    `],w([E({attribute:!1})],pt.prototype,"api",2),w([E({attribute:!1})],pt.prototype,"runs",2),w([E({attribute:!1})],pt.prototype,"state",2),w([E({attribute:!1})],pt.prototype,"info",2),w([E({attribute:!1})],pt.prototype,"flags",2),w([E({attribute:!1})],pt.prototype,"gapDomain",2),pt=w([Q("tb-bias-compare")],pt);var Dt=class extends L{change(e){D(this,"state-change",e)}value(e){return e.target.value}onX1(e){let n=this.value(e),i=n===this.state.x2?this.state.x1:this.state.x2;this.change({x1:n,x2:i})}onSmoothing(e){let n=e.target,i=Number(n.value);if(n.value.trim()===""||!Number.isFinite(i)||i<0){n.value=String(this.state.smoothing);return}this.change({smoothing:i})}render(){let e=this.state,n=this.info,i=this.runs.runs.filter(u=>u.tags.length>0),r=i.find(u=>u.run===e.run)?.tags??[],s=n.kind==="counts",o=n.steps.length?n.steps[n.steps.length-1]:void 0,a=this.runs.metrics,l=n.identities.filter(u=>u!==e.x1);return _`
      <div class="grid" role="group" aria-label="Table and metric">
        <label for="run">Run</label>
        <select id="run" data-testid="run-select" @change=${u=>this.change({run:this.value(u)})}>
          ${i.map(u=>_`<option .value=${u.run} .selected=${u.run===e.run}>${u.run}</option>`)}
        </select>

        <label for="tag">Table</label>
        <select id="tag" data-testid="tag-select" @change=${u=>this.change({tag:this.value(u)})}>
          ${r.map(u=>_`<option .value=${u.tag} .selected=${u.tag===e.tag}>${u.tag}</option>`)}
        </select>
        ${n.description?_`<p class="description">${n.description}</p>`:x}

        <label for="step">Step</label>
        <select
          id="step"
          data-testid="step-select"
          @change=${u=>{let c=this.value(u);this.change({step:c===""?null:Number(c)})}}
        >
          <option value="" .selected=${e.step===null}>latest${o===void 0?"":` (${o})`}</option>
          ${n.steps.map(u=>_`<option .value=${String(u)} .selected=${u===e.step}>${u}</option>`)}
        </select>

        ${s?_`
              <label for="threshold">Threshold</label>
              <select
                id="threshold"
                data-testid="threshold-select"
                ?disabled=${n.thresholds.length<2}
                @change=${u=>this.change({threshold:Number(this.value(u))})}
              >
                ${n.thresholds.map((u,c)=>_`<option .value=${String(u)} .selected=${e.threshold===null?c===0:u===e.threshold}>
                      ${u}
                    </option>`)}
              </select>
            `:x}

        <label for="metric">Metric</label>
        <select id="metric" data-testid="metric-select" @change=${u=>this.change({metric:this.value(u)})}>
          ${n.metrics.map(u=>_`<option .value=${u} .selected=${u===e.metric}>${a[u]?`${u} – ${a[u]}`:u}</option>`)}
        </select>

        <label for="x1">Identity</label>
        <select id="x1" data-testid="x1-select" @change=${this.onX1}>
          ${n.identities.map(u=>_`<option .value=${u} .selected=${u===e.x1}>${u}</option>`)}
        </select>

        <label for="x2">versus</label>
        <div class="pair">
          <select
            id="x2"
            data-testid="x2-select"
            ?disabled=${l.length===0}
            @change=${u=>this.change({x2:this.value(u)})}
          >
            ${l.length===0?_`<option value="">(only one identity)</option>`:x}
            ${l.map(u=>_`<option .value=${u} .selected=${u===e.x2}>${u}</option>`)}
            ${l.length>0?_`<option value="rest" .selected=${e.x2==="rest"}>the rest (one-vs-rest)</option>`:x}
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

        ${s?_`
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
    `}};Dt.styles=[Z,K`
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
    `],w([E({attribute:!1})],Dt.prototype,"runs",2),w([E({attribute:!1})],Dt.prototype,"state",2),w([E({attribute:!1})],Dt.prototype,"info",2),Dt=w([Q("tb-bias-controls")],Dt);function Uu(t){return t}var cr=1,hr=2,fr=3,tn=4,Do=1e-6;function ju(t){return"translate("+t+",0)"}function Xu(t){return"translate(0,"+t+")"}function Wu(t){return e=>+t(e)}function Ku(t,e){return e=Math.max(0,t.bandwidth()-e*2)/2,t.round()&&(e=Math.round(e)),n=>+t(n)+e}function Gu(){return!this.__axis}function Fo(t,e){var n=[],i=null,r=null,s=6,o=6,a=3,l=typeof window<"u"&&window.devicePixelRatio>1?0:.5,u=t===cr||t===tn?-1:1,c=t===tn||t===hr?"x":"y",h=t===cr||t===fr?ju:Xu;function f(d){var p=i??(e.ticks?e.ticks.apply(e,n):e.domain()),v=r??(e.tickFormat?e.tickFormat.apply(e,n):Uu),m=Math.max(s,0)+a,g=e.range(),b=+g[0]+l,y=+g[g.length-1]+l,$=(e.bandwidth?Ku:Wu)(e.copy(),l),M=d.selection?d.selection():d,A=M.selectAll(".domain").data([null]),P=M.selectAll(".tick").data(p,e).order(),O=P.exit(),V=P.enter().append("g").attr("class","tick"),C=P.select("line"),I=P.select("text");A=A.merge(A.enter().insert("path",".tick").attr("class","domain").attr("stroke","currentColor")),P=P.merge(V),C=C.merge(V.append("line").attr("stroke","currentColor").attr(c+"2",u*s)),I=I.merge(V.append("text").attr("fill","currentColor").attr(c,u*m).attr("dy",t===cr?"0em":t===fr?"0.71em":"0.32em")),d!==M&&(A=A.transition(d),P=P.transition(d),C=C.transition(d),I=I.transition(d),O=O.transition(d).attr("opacity",Do).attr("transform",function(S){return isFinite(S=$(S))?h(S+l):this.getAttribute("transform")}),V.attr("opacity",Do).attr("transform",function(S){var T=this.parentNode.__axis;return h((T&&isFinite(T=T(S))?T:$(S))+l)})),O.remove(),A.attr("d",t===tn||t===hr?o?"M"+u*o+","+b+"H"+l+"V"+y+"H"+u*o:"M"+l+","+b+"V"+y:o?"M"+b+","+u*o+"V"+l+"H"+y+"V"+u*o:"M"+b+","+l+"H"+y),P.attr("opacity",1).attr("transform",function(S){return h($(S)+l)}),C.attr(c+"2",u*s),I.attr(c,u*m).text(v),M.filter(Gu).attr("fill","none").attr("font-size",10).attr("font-family","sans-serif").attr("text-anchor",t===hr?"start":t===tn?"end":"middle"),M.each(function(){this.__axis=$})}return f.scale=function(d){return arguments.length?(e=d,f):e},f.ticks=function(){return n=Array.from(arguments),f},f.tickArguments=function(d){return arguments.length?(n=d==null?[]:Array.from(d),f):n.slice()},f.tickValues=function(d){return arguments.length?(i=d==null?null:Array.from(d),f):i&&i.slice()},f.tickFormat=function(d){return arguments.length?(r=d,f):r},f.tickSize=function(d){return arguments.length?(s=o=+d,f):s},f.tickSizeInner=function(d){return arguments.length?(s=+d,f):s},f.tickSizeOuter=function(d){return arguments.length?(o=+d,f):o},f.tickPadding=function(d){return arguments.length?(a=+d,f):a},f.offset=function(d){return arguments.length?(l=+d,f):l},f}function Vo(t){return Fo(fr,t)}function Ho(t){return Fo(tn,t)}var Yu={value:()=>{}};function en(){for(var t=0,e=arguments.length,n={},i;t<e;++t){if(!(i=arguments[t]+"")||i in n||/[\s.]/.test(i))throw new Error("illegal type: "+i);n[i]=[]}return new ii(n)}function ii(t){this._=t}function Qu(t,e){return t.trim().split(/^|\s+/).map(function(n){var i="",r=n.indexOf(".");if(r>=0&&(i=n.slice(r+1),n=n.slice(0,r)),n&&!e.hasOwnProperty(n))throw new Error("unknown type: "+n);return{type:n,name:i}})}ii.prototype=en.prototype={constructor:ii,on:function(t,e){var n=this._,i=Qu(t+"",n),r,s=-1,o=i.length;if(arguments.length<2){for(;++s<o;)if((r=(t=i[s]).type)&&(r=Zu(n[r],t.name)))return r;return}if(e!=null&&typeof e!="function")throw new Error("invalid callback: "+e);for(;++s<o;)if(r=(t=i[s]).type)n[r]=qo(n[r],t.name,e);else if(e==null)for(r in n)n[r]=qo(n[r],t.name,null);return this},copy:function(){var t={},e=this._;for(var n in e)t[n]=e[n].slice();return new ii(t)},call:function(t,e){if((r=arguments.length-2)>0)for(var n=new Array(r),i=0,r,s;i<r;++i)n[i]=arguments[i+2];if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(s=this._[t],i=0,r=s.length;i<r;++i)s[i].value.apply(e,n)},apply:function(t,e,n){if(!this._.hasOwnProperty(t))throw new Error("unknown type: "+t);for(var i=this._[t],r=0,s=i.length;r<s;++r)i[r].value.apply(e,n)}};function Zu(t,e){for(var n=0,i=t.length,r;n<i;++n)if((r=t[n]).name===e)return r.value}function qo(t,e,n){for(var i=0,r=t.length;i<r;++i)if(t[i].name===e){t[i]=Yu,t=t.slice(0,i).concat(t.slice(i+1));break}return n!=null&&t.push({name:e,value:n}),t}var dr="http://www.w3.org/1999/xhtml",Bo={svg:"http://www.w3.org/2000/svg",xhtml:dr,xlink:"http://www.w3.org/1999/xlink",xml:"http://www.w3.org/XML/1998/namespace",xmlns:"http://www.w3.org/2000/xmlns/"};function nn(t){var e=t+="",n=e.indexOf(":");return n>=0&&(e=t.slice(0,n))!=="xmlns"&&(t=t.slice(n+1)),Bo.hasOwnProperty(e)?{space:Bo[e],local:t}:t}function Ju(t){return function(){var e=this.ownerDocument,n=this.namespaceURI;return n===dr&&e.documentElement.namespaceURI===dr?e.createElement(t):e.createElementNS(n,t)}}function tc(t){return function(){return this.ownerDocument.createElementNS(t.space,t.local)}}function Uo(t){var e=nn(t);return(e.local?tc:Ju)(e)}function ec(){}function si(t){return t==null?ec:function(){return this.querySelector(t)}}function nc(t){typeof t!="function"&&(t=si(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=new Array(o),l,u,c=0;c<o;++c)(l=s[c])&&(u=t.call(l,l.__data__,c,s))&&("__data__"in l&&(u.__data__=l.__data__),a[c]=u);return new ct(i,this._parents)}function ic(t){return t==null?[]:Array.isArray(t)?t:Array.from(t)}function rc(){return[]}function mr(t){return t==null?rc:function(){return this.querySelectorAll(t)}}function sc(t){return function(){return ic(t.apply(this,arguments))}}function oc(t){typeof t=="function"?t=sc(t):t=mr(t);for(var e=this._groups,n=e.length,i=[],r=[],s=0;s<n;++s)for(var o=e[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&(i.push(t.call(l,l.__data__,u,o)),r.push(l));return new ct(i,r)}function gr(t){return function(){return this.matches(t)}}function jo(t){return function(e){return e.matches(t)}}var ac=Array.prototype.find;function lc(t){return function(){return ac.call(this.children,t)}}function uc(){return this.firstElementChild}function cc(t){return this.select(t==null?uc:lc(typeof t=="function"?t:jo(t)))}var hc=Array.prototype.filter;function fc(){return Array.from(this.children)}function dc(t){return function(){return hc.call(this.children,t)}}function pc(t){return this.selectAll(t==null?fc:dc(typeof t=="function"?t:jo(t)))}function mc(t){typeof t!="function"&&(t=gr(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new ct(i,this._parents)}function Xo(t){return new Array(t.length)}function gc(){return new ct(this._enter||this._groups.map(Xo),this._parents)}function ri(t,e){this.ownerDocument=t.ownerDocument,this.namespaceURI=t.namespaceURI,this._next=null,this._parent=t,this.__data__=e}ri.prototype={constructor:ri,appendChild:function(t){return this._parent.insertBefore(t,this._next)},insertBefore:function(t,e){return this._parent.insertBefore(t,e)},querySelector:function(t){return this._parent.querySelector(t)},querySelectorAll:function(t){return this._parent.querySelectorAll(t)}};function _c(t){return function(){return t}}function bc(t,e,n,i,r,s){for(var o=0,a,l=e.length,u=s.length;o<u;++o)(a=e[o])?(a.__data__=s[o],i[o]=a):n[o]=new ri(t,s[o]);for(;o<l;++o)(a=e[o])&&(r[o]=a)}function yc(t,e,n,i,r,s,o){var a,l,u=new Map,c=e.length,h=s.length,f=new Array(c),d;for(a=0;a<c;++a)(l=e[a])&&(f[a]=d=o.call(l,l.__data__,a,e)+"",u.has(d)?r[a]=l:u.set(d,l));for(a=0;a<h;++a)d=o.call(t,s[a],a,s)+"",(l=u.get(d))?(i[a]=l,l.__data__=s[a],u.delete(d)):n[a]=new ri(t,s[a]);for(a=0;a<c;++a)(l=e[a])&&u.get(f[a])===l&&(r[a]=l)}function vc(t){return t.__data__}function wc(t,e){if(!arguments.length)return Array.from(this,vc);var n=e?yc:bc,i=this._parents,r=this._groups;typeof t!="function"&&(t=_c(t));for(var s=r.length,o=new Array(s),a=new Array(s),l=new Array(s),u=0;u<s;++u){var c=i[u],h=r[u],f=h.length,d=xc(t.call(c,c&&c.__data__,u,i)),p=d.length,v=a[u]=new Array(p),m=o[u]=new Array(p),g=l[u]=new Array(f);n(c,h,v,m,g,d,e);for(var b=0,y=0,$,M;b<p;++b)if($=v[b]){for(b>=y&&(y=b+1);!(M=m[y])&&++y<p;);$._next=M||null}}return o=new ct(o,i),o._enter=a,o._exit=l,o}function xc(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function $c(){return new ct(this._exit||this._groups.map(Xo),this._parents)}function Sc(t,e,n){var i=this.enter(),r=this,s=this.exit();return typeof t=="function"?(i=t(i),i&&(i=i.selection())):i=i.append(t+""),e!=null&&(r=e(r),r&&(r=r.selection())),n==null?s.remove():n(s),i&&r?i.merge(r).order():r}function Mc(t){for(var e=t.selection?t.selection():t,n=this._groups,i=e._groups,r=n.length,s=i.length,o=Math.min(r,s),a=new Array(r),l=0;l<o;++l)for(var u=n[l],c=i[l],h=u.length,f=a[l]=new Array(h),d,p=0;p<h;++p)(d=u[p]||c[p])&&(f[p]=d);for(;l<r;++l)a[l]=n[l];return new ct(a,this._parents)}function Ec(){for(var t=this._groups,e=-1,n=t.length;++e<n;)for(var i=t[e],r=i.length-1,s=i[r],o;--r>=0;)(o=i[r])&&(s&&o.compareDocumentPosition(s)^4&&s.parentNode.insertBefore(o,s),s=o);return this}function kc(t){t||(t=Ac);function e(h,f){return h&&f?t(h.__data__,f.__data__):!h-!f}for(var n=this._groups,i=n.length,r=new Array(i),s=0;s<i;++s){for(var o=n[s],a=o.length,l=r[s]=new Array(a),u,c=0;c<a;++c)(u=o[c])&&(l[c]=u);l.sort(e)}return new ct(r,this._parents).order()}function Ac(t,e){return t<e?-1:t>e?1:t>=e?0:NaN}function Cc(){var t=arguments[0];return arguments[0]=this,t.apply(null,arguments),this}function Tc(){return Array.from(this)}function Rc(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length;r<s;++r){var o=i[r];if(o)return o}return null}function Pc(){let t=0;for(let e of this)++t;return t}function Oc(){return!this.node()}function Nc(t){for(var e=this._groups,n=0,i=e.length;n<i;++n)for(var r=e[n],s=0,o=r.length,a;s<o;++s)(a=r[s])&&t.call(a,a.__data__,s,r);return this}function zc(t){return function(){this.removeAttribute(t)}}function Ic(t){return function(){this.removeAttributeNS(t.space,t.local)}}function Lc(t,e){return function(){this.setAttribute(t,e)}}function Dc(t,e){return function(){this.setAttributeNS(t.space,t.local,e)}}function Fc(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttribute(t):this.setAttribute(t,n)}}function Vc(t,e){return function(){var n=e.apply(this,arguments);n==null?this.removeAttributeNS(t.space,t.local):this.setAttributeNS(t.space,t.local,n)}}function Hc(t,e){var n=nn(t);if(arguments.length<2){var i=this.node();return n.local?i.getAttributeNS(n.space,n.local):i.getAttribute(n)}return this.each((e==null?n.local?Ic:zc:typeof e=="function"?n.local?Vc:Fc:n.local?Dc:Lc)(n,e))}function Wo(t){return t.ownerDocument&&t.ownerDocument.defaultView||t.document&&t||t.defaultView}function qc(t){return function(){this.style.removeProperty(t)}}function Bc(t,e,n){return function(){this.style.setProperty(t,e,n)}}function Uc(t,e,n){return function(){var i=e.apply(this,arguments);i==null?this.style.removeProperty(t):this.style.setProperty(t,i,n)}}function jc(t,e,n){return arguments.length>1?this.each((e==null?qc:typeof e=="function"?Uc:Bc)(t,e,n??"")):Jt(this.node(),t)}function Jt(t,e){return t.style.getPropertyValue(e)||Wo(t).getComputedStyle(t,null).getPropertyValue(e)}function Xc(t){return function(){delete this[t]}}function Wc(t,e){return function(){this[t]=e}}function Kc(t,e){return function(){var n=e.apply(this,arguments);n==null?delete this[t]:this[t]=n}}function Gc(t,e){return arguments.length>1?this.each((e==null?Xc:typeof e=="function"?Kc:Wc)(t,e)):this.node()[t]}function Ko(t){return t.trim().split(/^|\s+/)}function _r(t){return t.classList||new Go(t)}function Go(t){this._node=t,this._names=Ko(t.getAttribute("class")||"")}Go.prototype={add:function(t){var e=this._names.indexOf(t);e<0&&(this._names.push(t),this._node.setAttribute("class",this._names.join(" ")))},remove:function(t){var e=this._names.indexOf(t);e>=0&&(this._names.splice(e,1),this._node.setAttribute("class",this._names.join(" ")))},contains:function(t){return this._names.indexOf(t)>=0}};function Yo(t,e){for(var n=_r(t),i=-1,r=e.length;++i<r;)n.add(e[i])}function Qo(t,e){for(var n=_r(t),i=-1,r=e.length;++i<r;)n.remove(e[i])}function Yc(t){return function(){Yo(this,t)}}function Qc(t){return function(){Qo(this,t)}}function Zc(t,e){return function(){(e.apply(this,arguments)?Yo:Qo)(this,t)}}function Jc(t,e){var n=Ko(t+"");if(arguments.length<2){for(var i=_r(this.node()),r=-1,s=n.length;++r<s;)if(!i.contains(n[r]))return!1;return!0}return this.each((typeof e=="function"?Zc:e?Yc:Qc)(n,e))}function th(){this.textContent=""}function eh(t){return function(){this.textContent=t}}function nh(t){return function(){var e=t.apply(this,arguments);this.textContent=e??""}}function ih(t){return arguments.length?this.each(t==null?th:(typeof t=="function"?nh:eh)(t)):this.node().textContent}function rh(){this.innerHTML=""}function sh(t){return function(){this.innerHTML=t}}function oh(t){return function(){var e=t.apply(this,arguments);this.innerHTML=e??""}}function ah(t){return arguments.length?this.each(t==null?rh:(typeof t=="function"?oh:sh)(t)):this.node().innerHTML}function lh(){this.nextSibling&&this.parentNode.appendChild(this)}function uh(){return this.each(lh)}function ch(){this.previousSibling&&this.parentNode.insertBefore(this,this.parentNode.firstChild)}function hh(){return this.each(ch)}function fh(t){var e=typeof t=="function"?t:Uo(t);return this.select(function(){return this.appendChild(e.apply(this,arguments))})}function dh(){return null}function ph(t,e){var n=typeof t=="function"?t:Uo(t),i=e==null?dh:typeof e=="function"?e:si(e);return this.select(function(){return this.insertBefore(n.apply(this,arguments),i.apply(this,arguments)||null)})}function mh(){var t=this.parentNode;t&&t.removeChild(this)}function gh(){return this.each(mh)}function _h(){var t=this.cloneNode(!1),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function bh(){var t=this.cloneNode(!0),e=this.parentNode;return e?e.insertBefore(t,this.nextSibling):t}function yh(t){return this.select(t?bh:_h)}function vh(t){return arguments.length?this.property("__data__",t):this.node().__data__}function wh(t){return function(e){t.call(this,e,this.__data__)}}function xh(t){return t.trim().split(/^|\s+/).map(function(e){var n="",i=e.indexOf(".");return i>=0&&(n=e.slice(i+1),e=e.slice(0,i)),{type:e,name:n}})}function $h(t){return function(){var e=this.__on;if(e){for(var n=0,i=-1,r=e.length,s;n<r;++n)s=e[n],(!t.type||s.type===t.type)&&s.name===t.name?this.removeEventListener(s.type,s.listener,s.options):e[++i]=s;++i?e.length=i:delete this.__on}}}function Sh(t,e,n){return function(){var i=this.__on,r,s=wh(e);if(i){for(var o=0,a=i.length;o<a;++o)if((r=i[o]).type===t.type&&r.name===t.name){this.removeEventListener(r.type,r.listener,r.options),this.addEventListener(r.type,r.listener=s,r.options=n),r.value=e;return}}this.addEventListener(t.type,s,n),r={type:t.type,name:t.name,value:e,listener:s,options:n},i?i.push(r):this.__on=[r]}}function Mh(t,e,n){var i=xh(t+""),r,s=i.length,o;if(arguments.length<2){var a=this.node().__on;if(a){for(var l=0,u=a.length,c;l<u;++l)for(r=0,c=a[l];r<s;++r)if((o=i[r]).type===c.type&&o.name===c.name)return c.value}return}for(a=e?Sh:$h,r=0;r<s;++r)this.each(a(i[r],e,n));return this}function Zo(t,e,n){var i=Wo(t),r=i.CustomEvent;typeof r=="function"?r=new r(e,n):(r=i.document.createEvent("Event"),n?(r.initEvent(e,n.bubbles,n.cancelable),r.detail=n.detail):r.initEvent(e,!1,!1)),t.dispatchEvent(r)}function Eh(t,e){return function(){return Zo(this,t,e)}}function kh(t,e){return function(){return Zo(this,t,e.apply(this,arguments))}}function Ah(t,e){return this.each((typeof e=="function"?kh:Eh)(t,e))}function*Ch(){for(var t=this._groups,e=0,n=t.length;e<n;++e)for(var i=t[e],r=0,s=i.length,o;r<s;++r)(o=i[r])&&(yield o)}var Jo=[null];function ct(t,e){this._groups=t,this._parents=e}function te(){return new ct([[document.documentElement]],Jo)}function Th(){return this}ct.prototype=te.prototype={constructor:ct,select:nc,selectAll:oc,selectChild:cc,selectChildren:pc,filter:mc,data:wc,enter:gc,exit:$c,join:Sc,merge:Mc,selection:Th,order:Ec,sort:kc,call:Cc,nodes:Tc,node:Rc,size:Pc,empty:Oc,each:Nc,attr:Hc,style:jc,property:Gc,classed:Jc,text:ih,html:ah,raise:uh,lower:hh,append:fh,insert:ph,remove:gh,clone:yh,datum:vh,on:Mh,dispatch:Ah,[Symbol.iterator]:Ch};function it(t){return typeof t=="string"?new ct([[document.querySelector(t)]],[document.documentElement]):new ct([[t]],Jo)}var Rh=0;function Ph(){return new pr}function pr(){this._="@"+(++Rh).toString(36)}pr.prototype=Ph.prototype={constructor:pr,get:function(t){for(var e=this._;!(e in t);)if(!(t=t.parentNode))return;return t[e]},set:function(t,e){return t[this._]=e},remove:function(t){return this._ in t&&delete t[this._]},toString:function(){return this._}};function Oh(t){let e;for(;e=t.sourceEvent;)t=e;return t}function oi(t,e){if(t=Oh(t),e===void 0&&(e=t.currentTarget),e){var n=e.ownerSVGElement||e;if(n.createSVGPoint){var i=n.createSVGPoint();return i.x=t.clientX,i.y=t.clientY,i=i.matrixTransform(e.getScreenCTM().inverse()),[i.x,i.y]}if(e.getBoundingClientRect){var r=e.getBoundingClientRect();return[t.clientX-r.left-e.clientLeft,t.clientY-r.top-e.clientTop]}}return[t.pageX,t.pageY]}var br={capture:!0,passive:!1};function yr(t){t.preventDefault(),t.stopImmediatePropagation()}function ta(t){var e=t.document.documentElement,n=it(t).on("dragstart.drag",yr,br);"onselectstart"in e?n.on("selectstart.drag",yr,br):(e.__noselect=e.style.MozUserSelect,e.style.MozUserSelect="none")}function ea(t,e){var n=t.document.documentElement,i=it(t).on("dragstart.drag",null);e&&(i.on("click.drag",yr,br),setTimeout(function(){i.on("click.drag",null)},0)),"onselectstart"in n?i.on("selectstart.drag",null):(n.style.MozUserSelect=n.__noselect,delete n.__noselect)}function Nh(t,{sourceEvent:e,subject:n,target:i,identifier:r,active:s,x:o,y:a,dx:l,dy:u,dispatch:c}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},subject:{value:n,enumerable:!0,configurable:!0},target:{value:i,enumerable:!0,configurable:!0},identifier:{value:r,enumerable:!0,configurable:!0},active:{value:s,enumerable:!0,configurable:!0},x:{value:o,enumerable:!0,configurable:!0},y:{value:a,enumerable:!0,configurable:!0},dx:{value:l,enumerable:!0,configurable:!0},dy:{value:u,enumerable:!0,configurable:!0},_:{value:c}})}Nh.prototype.on=function(){var t=this._.on.apply(this._,arguments);return t===this._?this:t};function ge(t,e,n){t.prototype=e.prototype=n,n.constructor=t}function on(t,e){var n=Object.create(t.prototype);for(var i in e)n[i]=e[i];return n}function Ft(){}var re=.7,me=1/re,de="\\s*([+-]?\\d+)\\s*",rn="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)\\s*",vt="\\s*([+-]?(?:\\d*\\.)?\\d+(?:[eE][+-]?\\d+)?)%\\s*",zh=/^#([0-9a-f]{3,8})$/,Ih=new RegExp(`^rgb\\(${de},${de},${de}\\)$`),Lh=new RegExp(`^rgb\\(${vt},${vt},${vt}\\)$`),Dh=new RegExp(`^rgba\\(${de},${de},${de},${rn}\\)$`),Fh=new RegExp(`^rgba\\(${vt},${vt},${vt},${rn}\\)$`),Vh=new RegExp(`^hsl\\(${rn},${vt},${vt}\\)$`),Hh=new RegExp(`^hsla\\(${rn},${vt},${vt},${rn}\\)$`),na={aliceblue:15792383,antiquewhite:16444375,aqua:65535,aquamarine:8388564,azure:15794175,beige:16119260,bisque:16770244,black:0,blanchedalmond:16772045,blue:255,blueviolet:9055202,brown:10824234,burlywood:14596231,cadetblue:6266528,chartreuse:8388352,chocolate:13789470,coral:16744272,cornflowerblue:6591981,cornsilk:16775388,crimson:14423100,cyan:65535,darkblue:139,darkcyan:35723,darkgoldenrod:12092939,darkgray:11119017,darkgreen:25600,darkgrey:11119017,darkkhaki:12433259,darkmagenta:9109643,darkolivegreen:5597999,darkorange:16747520,darkorchid:10040012,darkred:9109504,darksalmon:15308410,darkseagreen:9419919,darkslateblue:4734347,darkslategray:3100495,darkslategrey:3100495,darkturquoise:52945,darkviolet:9699539,deeppink:16716947,deepskyblue:49151,dimgray:6908265,dimgrey:6908265,dodgerblue:2003199,firebrick:11674146,floralwhite:16775920,forestgreen:2263842,fuchsia:16711935,gainsboro:14474460,ghostwhite:16316671,gold:16766720,goldenrod:14329120,gray:8421504,green:32768,greenyellow:11403055,grey:8421504,honeydew:15794160,hotpink:16738740,indianred:13458524,indigo:4915330,ivory:16777200,khaki:15787660,lavender:15132410,lavenderblush:16773365,lawngreen:8190976,lemonchiffon:16775885,lightblue:11393254,lightcoral:15761536,lightcyan:14745599,lightgoldenrodyellow:16448210,lightgray:13882323,lightgreen:9498256,lightgrey:13882323,lightpink:16758465,lightsalmon:16752762,lightseagreen:2142890,lightskyblue:8900346,lightslategray:7833753,lightslategrey:7833753,lightsteelblue:11584734,lightyellow:16777184,lime:65280,limegreen:3329330,linen:16445670,magenta:16711935,maroon:8388608,mediumaquamarine:6737322,mediumblue:205,mediumorchid:12211667,mediumpurple:9662683,mediumseagreen:3978097,mediumslateblue:8087790,mediumspringgreen:64154,mediumturquoise:4772300,mediumvioletred:13047173,midnightblue:1644912,mintcream:16121850,mistyrose:16770273,moccasin:16770229,navajowhite:16768685,navy:128,oldlace:16643558,olive:8421376,olivedrab:7048739,orange:16753920,orangered:16729344,orchid:14315734,palegoldenrod:15657130,palegreen:10025880,paleturquoise:11529966,palevioletred:14381203,papayawhip:16773077,peachpuff:16767673,peru:13468991,pink:16761035,plum:14524637,powderblue:11591910,purple:8388736,rebeccapurple:6697881,red:16711680,rosybrown:12357519,royalblue:4286945,saddlebrown:9127187,salmon:16416882,sandybrown:16032864,seagreen:3050327,seashell:16774638,sienna:10506797,silver:12632256,skyblue:8900331,slateblue:6970061,slategray:7372944,slategrey:7372944,snow:16775930,springgreen:65407,steelblue:4620980,tan:13808780,teal:32896,thistle:14204888,tomato:16737095,turquoise:4251856,violet:15631086,wheat:16113331,white:16777215,whitesmoke:16119285,yellow:16776960,yellowgreen:10145074};ge(Ft,Ct,{copy(t){return Object.assign(new this.constructor,this,t)},displayable(){return this.rgb().displayable()},hex:ia,formatHex:ia,formatHex8:qh,formatHsl:Bh,formatRgb:ra,toString:ra});function ia(){return this.rgb().formatHex()}function qh(){return this.rgb().formatHex8()}function Bh(){return da(this).formatHsl()}function ra(){return this.rgb().formatRgb()}function Ct(t){var e,n;return t=(t+"").trim().toLowerCase(),(e=zh.exec(t))?(n=e[1].length,e=parseInt(e[1],16),n===6?sa(e):n===3?new G(e>>8&15|e>>4&240,e>>4&15|e&240,(e&15)<<4|e&15,1):n===8?ai(e>>24&255,e>>16&255,e>>8&255,(e&255)/255):n===4?ai(e>>12&15|e>>8&240,e>>8&15|e>>4&240,e>>4&15|e&240,((e&15)<<4|e&15)/255):null):(e=Ih.exec(t))?new G(e[1],e[2],e[3],1):(e=Lh.exec(t))?new G(e[1]*255/100,e[2]*255/100,e[3]*255/100,1):(e=Dh.exec(t))?ai(e[1],e[2],e[3],e[4]):(e=Fh.exec(t))?ai(e[1]*255/100,e[2]*255/100,e[3]*255/100,e[4]):(e=Vh.exec(t))?la(e[1],e[2]/100,e[3]/100,1):(e=Hh.exec(t))?la(e[1],e[2]/100,e[3]/100,e[4]):na.hasOwnProperty(t)?sa(na[t]):t==="transparent"?new G(NaN,NaN,NaN,0):null}function sa(t){return new G(t>>16&255,t>>8&255,t&255,1)}function ai(t,e,n,i){return i<=0&&(t=e=n=NaN),new G(t,e,n,i)}function Mr(t){return t instanceof Ft||(t=Ct(t)),t?(t=t.rgb(),new G(t.r,t.g,t.b,t.opacity)):new G}function an(t,e,n,i){return arguments.length===1?Mr(t):new G(t,e,n,i??1)}function G(t,e,n,i){this.r=+t,this.g=+e,this.b=+n,this.opacity=+i}ge(G,an,on(Ft,{brighter(t){return t=t==null?me:Math.pow(me,t),new G(this.r*t,this.g*t,this.b*t,this.opacity)},darker(t){return t=t==null?re:Math.pow(re,t),new G(this.r*t,this.g*t,this.b*t,this.opacity)},rgb(){return this},clamp(){return new G(ne(this.r),ne(this.g),ne(this.b),ui(this.opacity))},displayable(){return-.5<=this.r&&this.r<255.5&&-.5<=this.g&&this.g<255.5&&-.5<=this.b&&this.b<255.5&&0<=this.opacity&&this.opacity<=1},hex:oa,formatHex:oa,formatHex8:Uh,formatRgb:aa,toString:aa}));function oa(){return`#${ee(this.r)}${ee(this.g)}${ee(this.b)}`}function Uh(){return`#${ee(this.r)}${ee(this.g)}${ee(this.b)}${ee((isNaN(this.opacity)?1:this.opacity)*255)}`}function aa(){let t=ui(this.opacity);return`${t===1?"rgb(":"rgba("}${ne(this.r)}, ${ne(this.g)}, ${ne(this.b)}${t===1?")":`, ${t})`}`}function ui(t){return isNaN(t)?1:Math.max(0,Math.min(1,t))}function ne(t){return Math.max(0,Math.min(255,Math.round(t)||0))}function ee(t){return t=ne(t),(t<16?"0":"")+t.toString(16)}function la(t,e,n,i){return i<=0?t=e=n=NaN:n<=0||n>=1?t=e=NaN:e<=0&&(t=NaN),new mt(t,e,n,i)}function da(t){if(t instanceof mt)return new mt(t.h,t.s,t.l,t.opacity);if(t instanceof Ft||(t=Ct(t)),!t)return new mt;if(t instanceof mt)return t;t=t.rgb();var e=t.r/255,n=t.g/255,i=t.b/255,r=Math.min(e,n,i),s=Math.max(e,n,i),o=NaN,a=s-r,l=(s+r)/2;return a?(e===s?o=(n-i)/a+(n<i)*6:n===s?o=(i-e)/a+2:o=(e-n)/a+4,a/=l<.5?s+r:2-s-r,o*=60):a=l>0&&l<1?0:o,new mt(o,a,l,t.opacity)}function hi(t,e,n,i){return arguments.length===1?da(t):new mt(t,e,n,i??1)}function mt(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}ge(mt,hi,on(Ft,{brighter(t){return t=t==null?me:Math.pow(me,t),new mt(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?re:Math.pow(re,t),new mt(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=this.h%360+(this.h<0)*360,e=isNaN(t)||isNaN(this.s)?0:this.s,n=this.l,i=n+(n<.5?n:1-n)*e,r=2*n-i;return new G(vr(t>=240?t-240:t+120,r,i),vr(t,r,i),vr(t<120?t+240:t-120,r,i),this.opacity)},clamp(){return new mt(ua(this.h),li(this.s),li(this.l),ui(this.opacity))},displayable(){return(0<=this.s&&this.s<=1||isNaN(this.s))&&0<=this.l&&this.l<=1&&0<=this.opacity&&this.opacity<=1},formatHsl(){let t=ui(this.opacity);return`${t===1?"hsl(":"hsla("}${ua(this.h)}, ${li(this.s)*100}%, ${li(this.l)*100}%${t===1?")":`, ${t})`}`}}));function ua(t){return t=(t||0)%360,t<0?t+360:t}function li(t){return Math.max(0,Math.min(1,t||0))}function vr(t,e,n){return(t<60?e+(n-e)*t/60:t<180?n:t<240?e+(n-e)*(240-t)/60:e)*255}var pa=Math.PI/180,ma=180/Math.PI,ci=18,ga=.96422,_a=1,ba=.82521,ya=4/29,pe=6/29,va=3*pe*pe,jh=pe*pe*pe;function wa(t){if(t instanceof wt)return new wt(t.l,t.a,t.b,t.opacity);if(t instanceof At)return $a(t);t instanceof G||(t=Mr(t));var e=Sr(t.r),n=Sr(t.g),i=Sr(t.b),r=wr((.2225045*e+.7168786*n+.0606169*i)/_a),s,o;return e===n&&n===i?s=o=r:(s=wr((.4360747*e+.3850649*n+.1430804*i)/ga),o=wr((.0139322*e+.0971045*n+.7141733*i)/ba)),new wt(116*r-16,500*(s-r),200*(r-o),t.opacity)}function xa(t,e,n,i){return arguments.length===1?wa(t):new wt(t,e,n,i??1)}function wt(t,e,n,i){this.l=+t,this.a=+e,this.b=+n,this.opacity=+i}ge(wt,xa,on(Ft,{brighter(t){return new wt(this.l+ci*(t??1),this.a,this.b,this.opacity)},darker(t){return new wt(this.l-ci*(t??1),this.a,this.b,this.opacity)},rgb(){var t=(this.l+16)/116,e=isNaN(this.a)?t:t+this.a/500,n=isNaN(this.b)?t:t-this.b/200;return e=ga*xr(e),t=_a*xr(t),n=ba*xr(n),new G($r(3.1338561*e-1.6168667*t-.4906146*n),$r(-.9787684*e+1.9161415*t+.033454*n),$r(.0719453*e-.2289914*t+1.4052427*n),this.opacity)}}));function wr(t){return t>jh?Math.pow(t,1/3):t/va+ya}function xr(t){return t>pe?t*t*t:va*(t-ya)}function $r(t){return 255*(t<=.0031308?12.92*t:1.055*Math.pow(t,1/2.4)-.055)}function Sr(t){return(t/=255)<=.04045?t/12.92:Math.pow((t+.055)/1.055,2.4)}function Xh(t){if(t instanceof At)return new At(t.h,t.c,t.l,t.opacity);if(t instanceof wt||(t=wa(t)),t.a===0&&t.b===0)return new At(NaN,0<t.l&&t.l<100?0:NaN,t.l,t.opacity);var e=Math.atan2(t.b,t.a)*ma;return new At(e<0?e+360:e,Math.sqrt(t.a*t.a+t.b*t.b),t.l,t.opacity)}function fi(t,e,n,i){return arguments.length===1?Xh(t):new At(t,e,n,i??1)}function At(t,e,n,i){this.h=+t,this.c=+e,this.l=+n,this.opacity=+i}function $a(t){if(isNaN(t.h))return new wt(t.l,0,0,t.opacity);var e=t.h*pa;return new wt(t.l,Math.cos(e)*t.c,Math.sin(e)*t.c,t.opacity)}ge(At,fi,on(Ft,{brighter(t){return new At(this.h,this.c,this.l+ci*(t??1),this.opacity)},darker(t){return new At(this.h,this.c,this.l-ci*(t??1),this.opacity)},rgb(){return $a(this).rgb()}}));var Sa=-.14861,Er=1.78277,kr=-.29227,di=-.90649,sn=1.97294,ca=sn*di,ha=sn*Er,fa=Er*kr-di*Sa;function Wh(t){if(t instanceof ie)return new ie(t.h,t.s,t.l,t.opacity);t instanceof G||(t=Mr(t));var e=t.r/255,n=t.g/255,i=t.b/255,r=(fa*i+ca*e-ha*n)/(fa+ca-ha),s=i-r,o=(sn*(n-r)-kr*s)/di,a=Math.sqrt(o*o+s*s)/(sn*r*(1-r)),l=a?Math.atan2(o,s)*ma-120:NaN;return new ie(l<0?l+360:l,a,r,t.opacity)}function pi(t,e,n,i){return arguments.length===1?Wh(t):new ie(t,e,n,i??1)}function ie(t,e,n,i){this.h=+t,this.s=+e,this.l=+n,this.opacity=+i}ge(ie,pi,on(Ft,{brighter(t){return t=t==null?me:Math.pow(me,t),new ie(this.h,this.s,this.l*t,this.opacity)},darker(t){return t=t==null?re:Math.pow(re,t),new ie(this.h,this.s,this.l*t,this.opacity)},rgb(){var t=isNaN(this.h)?0:(this.h+120)*pa,e=+this.l,n=isNaN(this.s)?0:this.s*e*(1-e),i=Math.cos(t),r=Math.sin(t);return new G(255*(e+n*(Sa*i+Er*r)),255*(e+n*(kr*i+di*r)),255*(e+n*(sn*i)),this.opacity)}}));function ka(t,e,n,i,r){var s=t*t,o=s*t;return((1-3*t+3*s-o)*e+(4-6*s+3*o)*n+(1+3*t+3*s-3*o)*i+o*r)/6}function Kh(t){var e=t.length-1;return function(n){var i=n<=0?n=0:n>=1?(n=1,e-1):Math.floor(n*e),r=t[i],s=t[i+1],o=i>0?t[i-1]:2*r-s,a=i<e-1?t[i+2]:2*s-r;return ka((n-i/e)*e,o,r,s,a)}}function Gh(t){var e=t.length;return function(n){var i=Math.floor(((n%=1)<0?++n:n)*e),r=t[(i+e-1)%e],s=t[i%e],o=t[(i+1)%e],a=t[(i+2)%e];return ka((n-i/e)*e,r,s,o,a)}}var gi=t=>()=>t;function Aa(t,e){return function(n){return t+n*e}}function Yh(t,e,n){return t=Math.pow(t,n),e=Math.pow(e,n)-t,n=1/n,function(i){return Math.pow(t+i*e,n)}}function Rr(t,e){var n=e-t;return n?Aa(t,n>180||n<-180?n-360*Math.round(n/360):n):gi(isNaN(t)?e:t)}function Qh(t){return(t=+t)==1?st:function(e,n){return n-e?Yh(e,n,t):gi(isNaN(e)?n:e)}}function st(t,e){var n=e-t;return n?Aa(t,n):gi(isNaN(t)?e:t)}var ln=(function t(e){var n=Qh(e);function i(r,s){var o=n((r=an(r)).r,(s=an(s)).r),a=n(r.g,s.g),l=n(r.b,s.b),u=st(r.opacity,s.opacity);return function(c){return r.r=o(c),r.g=a(c),r.b=l(c),r.opacity=u(c),r+""}}return i.gamma=t,i})(1);function Ca(t){return function(e){var n=e.length,i=new Array(n),r=new Array(n),s=new Array(n),o,a;for(o=0;o<n;++o)a=an(e[o]),i[o]=a.r||0,r[o]=a.g||0,s[o]=a.b||0;return i=t(i),r=t(r),s=t(s),a.opacity=1,function(l){return a.r=i(l),a.g=r(l),a.b=s(l),a+""}}}var w_=Ca(Kh),x_=Ca(Gh);function Zh(t,e){e||(e=[]);var n=t?Math.min(e.length,t.length):0,i=e.slice(),r;return function(s){for(r=0;r<n;++r)i[r]=t[r]*(1-s)+e[r]*s;return i}}function Jh(t){return ArrayBuffer.isView(t)&&!(t instanceof DataView)}function tf(t,e){var n=e?e.length:0,i=t?Math.min(n,t.length):0,r=new Array(i),s=new Array(n),o;for(o=0;o<i;++o)r[o]=_e(t[o],e[o]);for(;o<n;++o)s[o]=e[o];return function(a){for(o=0;o<i;++o)s[o]=r[o](a);return s}}function ef(t,e){var n=new Date;return t=+t,e=+e,function(i){return n.setTime(t*(1-i)+e*i),n}}function ht(t,e){return t=+t,e=+e,function(n){return t*(1-n)+e*n}}function nf(t,e){var n={},i={},r;(t===null||typeof t!="object")&&(t={}),(e===null||typeof e!="object")&&(e={});for(r in e)r in t?n[r]=_e(t[r],e[r]):i[r]=e[r];return function(s){for(r in n)i[r]=n[r](s);return i}}var Cr=/[-+]?(?:\d+\.?\d*|\.?\d+)(?:[eE][-+]?\d+)?/g,Ar=new RegExp(Cr.source,"g");function rf(t){return function(){return t}}function sf(t){return function(e){return t(e)+""}}function Pr(t,e){var n=Cr.lastIndex=Ar.lastIndex=0,i,r,s,o=-1,a=[],l=[];for(t=t+"",e=e+"";(i=Cr.exec(t))&&(r=Ar.exec(e));)(s=r.index)>n&&(s=e.slice(n,s),a[o]?a[o]+=s:a[++o]=s),(i=i[0])===(r=r[0])?a[o]?a[o]+=r:a[++o]=r:(a[++o]=null,l.push({i:o,x:ht(i,r)})),n=Ar.lastIndex;return n<e.length&&(s=e.slice(n),a[o]?a[o]+=s:a[++o]=s),a.length<2?l[0]?sf(l[0].x):rf(e):(e=l.length,function(u){for(var c=0,h;c<e;++c)a[(h=l[c]).i]=h.x(u);return a.join("")})}function _e(t,e){var n=typeof e,i;return e==null||n==="boolean"?gi(e):(n==="number"?ht:n==="string"?(i=Ct(e))?(e=i,ln):Pr:e instanceof Ct?ln:e instanceof Date?ef:Jh(e)?Zh:Array.isArray(e)?tf:typeof e.valueOf!="function"&&typeof e.toString!="function"||isNaN(e)?nf:ht)(t,e)}function Ta(t,e){return t=+t,e=+e,function(n){return Math.round(t*(1-n)+e*n)}}var Ma=180/Math.PI,Tr={translateX:0,translateY:0,rotate:0,skewX:0,scaleX:1,scaleY:1};function Ra(t,e,n,i,r,s){var o,a,l;return(o=Math.sqrt(t*t+e*e))&&(t/=o,e/=o),(l=t*n+e*i)&&(n-=t*l,i-=e*l),(a=Math.sqrt(n*n+i*i))&&(n/=a,i/=a,l/=a),t*i<e*n&&(t=-t,e=-e,l=-l,o=-o),{translateX:r,translateY:s,rotate:Math.atan2(e,t)*Ma,skewX:Math.atan(l)*Ma,scaleX:o,scaleY:a}}var mi;function of(t){let e=new(typeof DOMMatrix=="function"?DOMMatrix:WebKitCSSMatrix)(t+"");return e.isIdentity?Tr:Ra(e.a,e.b,e.c,e.d,e.e,e.f)}function af(t){return t==null||(mi||(mi=document.createElementNS("http://www.w3.org/2000/svg","g")),mi.setAttribute("transform",t),!(t=mi.transform.baseVal.consolidate()))?Tr:(t=t.matrix,Ra(t.a,t.b,t.c,t.d,t.e,t.f))}function Pa(t,e,n,i){function r(u){return u.length?u.pop()+" ":""}function s(u,c,h,f,d,p){if(u!==h||c!==f){var v=d.push("translate(",null,e,null,n);p.push({i:v-4,x:ht(u,h)},{i:v-2,x:ht(c,f)})}else(h||f)&&d.push("translate("+h+e+f+n)}function o(u,c,h,f){u!==c?(u-c>180?c+=360:c-u>180&&(u+=360),f.push({i:h.push(r(h)+"rotate(",null,i)-2,x:ht(u,c)})):c&&h.push(r(h)+"rotate("+c+i)}function a(u,c,h,f){u!==c?f.push({i:h.push(r(h)+"skewX(",null,i)-2,x:ht(u,c)}):c&&h.push(r(h)+"skewX("+c+i)}function l(u,c,h,f,d,p){if(u!==h||c!==f){var v=d.push(r(d)+"scale(",null,",",null,")");p.push({i:v-4,x:ht(u,h)},{i:v-2,x:ht(c,f)})}else(h!==1||f!==1)&&d.push(r(d)+"scale("+h+","+f+")")}return function(u,c){var h=[],f=[];return u=t(u),c=t(c),s(u.translateX,u.translateY,c.translateX,c.translateY,h,f),o(u.rotate,c.rotate,h,f),a(u.skewX,c.skewX,h,f),l(u.scaleX,u.scaleY,c.scaleX,c.scaleY,h,f),u=c=null,function(d){for(var p=-1,v=f.length,m;++p<v;)h[(m=f[p]).i]=m.x(d);return h.join("")}}}var Oa=Pa(of,"px, ","px)","deg)"),Na=Pa(af,", ",")",")"),lf=1e-12;function Ea(t){return((t=Math.exp(t))+1/t)/2}function uf(t){return((t=Math.exp(t))-1/t)/2}function cf(t){return((t=Math.exp(2*t))-1)/(t+1)}var $_=(function t(e,n,i){function r(s,o){var a=s[0],l=s[1],u=s[2],c=o[0],h=o[1],f=o[2],d=c-a,p=h-l,v=d*d+p*p,m,g;if(v<lf)g=Math.log(f/u)/e,m=function(P){return[a+P*d,l+P*p,u*Math.exp(e*P*g)]};else{var b=Math.sqrt(v),y=(f*f-u*u+i*v)/(2*u*n*b),$=(f*f-u*u-i*v)/(2*f*n*b),M=Math.log(Math.sqrt(y*y+1)-y),A=Math.log(Math.sqrt($*$+1)-$);g=(A-M)/e,m=function(P){var O=P*g,V=Ea(M),C=u/(n*b)*(V*cf(e*O+M)-uf(M));return[a+C*d,l+C*p,u*V/Ea(e*O+M)]}}return m.duration=Math.abs(g)*1e3*e/Math.SQRT2,m}return r.rho=function(s){var o=Math.max(.001,+s),a=o*o,l=a*a;return t(o,a,l)},r})(Math.SQRT2,2,4);function za(t){return function(e,n){var i=t((e=hi(e)).h,(n=hi(n)).h),r=st(e.s,n.s),s=st(e.l,n.l),o=st(e.opacity,n.opacity);return function(a){return e.h=i(a),e.s=r(a),e.l=s(a),e.opacity=o(a),e+""}}}var S_=za(Rr),M_=za(st);function Ia(t){return function(e,n){var i=t((e=fi(e)).h,(n=fi(n)).h),r=st(e.c,n.c),s=st(e.l,n.l),o=st(e.opacity,n.opacity);return function(a){return e.h=i(a),e.c=r(a),e.l=s(a),e.opacity=o(a),e+""}}}var E_=Ia(Rr),k_=Ia(st);function La(t){return(function e(n){n=+n;function i(r,s){var o=t((r=pi(r)).h,(s=pi(s)).h),a=st(r.s,s.s),l=st(r.l,s.l),u=st(r.opacity,s.opacity);return function(c){return r.h=o(c),r.s=a(c),r.l=l(Math.pow(c,n)),r.opacity=u(c),r+""}}return i.gamma=e,i})(1)}var A_=La(Rr),C_=La(st);var be=0,cn=0,un=0,Fa=1e3,_i,hn,bi=0,se=0,vi=0,fn=typeof performance=="object"&&performance.now?performance:Date,Va=typeof window=="object"&&window.requestAnimationFrame?window.requestAnimationFrame.bind(window):function(t){setTimeout(t,17)};function wi(){return se||(Va(hf),se=fn.now()+vi)}function hf(){se=0}function yi(){this._call=this._time=this._next=null}yi.prototype=Nr.prototype={constructor:yi,restart:function(t,e,n){if(typeof t!="function")throw new TypeError("callback is not a function");n=(n==null?wi():+n)+(e==null?0:+e),!this._next&&hn!==this&&(hn?hn._next=this:_i=this,hn=this),this._call=t,this._time=n,Or()},stop:function(){this._call&&(this._call=null,this._time=1/0,Or())}};function Nr(t,e,n){var i=new yi;return i.restart(t,e,n),i}function ff(){wi(),++be;for(var t=_i,e;t;)(e=se-t._time)>=0&&t._call.call(void 0,e),t=t._next;--be}function Da(){se=(bi=fn.now())+vi,be=cn=0;try{ff()}finally{be=0,pf(),se=0}}function df(){var t=fn.now(),e=t-bi;e>Fa&&(vi-=e,bi=t)}function pf(){for(var t,e=_i,n,i=1/0;e;)e._call?(i>e._time&&(i=e._time),t=e,e=e._next):(n=e._next,e._next=null,e=t?t._next=n:_i=n);hn=t,Or(i)}function Or(t){if(!be){cn&&(cn=clearTimeout(cn));var e=t-se;e>24?(t<1/0&&(cn=setTimeout(Da,Math.ceil(t-fn.now()-vi)+1)),un&&(un=clearInterval(un))):(un||(bi=fn.now(),un=setInterval(df,Fa)),be=1,Va(Da))}}function zr(t,e,n){var i=new yi;return e=e==null?0:+e,i.restart(r=>{i.stop(),t(r+e)},e,n),i}function qa(t){return((t*=2)<=1?t*t*t:(t-=2)*t*t+2)/2}var Ir=3,P_=(function t(e){e=+e;function n(i){return Math.pow(i,e)}return n.exponent=t,n})(Ir),O_=(function t(e){e=+e;function n(i){return 1-Math.pow(1-i,e)}return n.exponent=t,n})(Ir),N_=(function t(e){e=+e;function n(i){return((i*=2)<=1?Math.pow(i,e):2-Math.pow(2-i,e))/2}return n.exponent=t,n})(Ir),mf=Math.PI,z_=mf/2;function xi(t){return(Math.pow(2,-10*t)-.0009765625)*1.0009775171065494}var Ha=4/11,I_=6/11,L_=8/11,D_=3/4,F_=9/11,V_=10/11,H_=15/16,q_=21/22,B_=63/64,U_=1/Ha/Ha;var Lr=1.70158,j_=(function t(e){e=+e;function n(i){return(i=+i)*i*(e*(i-1)+i)}return n.overshoot=t,n})(Lr),X_=(function t(e){e=+e;function n(i){return--i*i*((i+1)*e+i)+1}return n.overshoot=t,n})(Lr),W_=(function t(e){e=+e;function n(i){return((i*=2)<1?i*i*((e+1)*i-e):(i-=2)*i*((e+1)*i+e)+2)/2}return n.overshoot=t,n})(Lr),ye=2*Math.PI,Dr=1,Fr=.3,K_=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=ye);function r(s){return e*xi(- --s)*Math.sin((i-s)/n)}return r.amplitude=function(s){return t(s,n*ye)},r.period=function(s){return t(e,s)},r})(Dr,Fr),G_=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=ye);function r(s){return 1-e*xi(s=+s)*Math.sin((s+i)/n)}return r.amplitude=function(s){return t(s,n*ye)},r.period=function(s){return t(e,s)},r})(Dr,Fr),Y_=(function t(e,n){var i=Math.asin(1/(e=Math.max(1,e)))*(n/=ye);function r(s){return((s=s*2-1)<0?e*xi(-s)*Math.sin((i-s)/n):2-e*xi(s)*Math.sin((i+s)/n))/2}return r.amplitude=function(s){return t(s,n*ye)},r.period=function(s){return t(e,s)},r})(Dr,Fr);var gf=en("start","end","cancel","interrupt"),_f=[],ja=0,Ba=1,Vr=2,$i=3,Ua=4,Hr=5,Si=6;function Mi(t,e,n,i,r,s){var o=t.__transition;if(!o)t.__transition={};else if(n in o)return;bf(t,n,{name:e,index:i,group:r,on:gf,tween:_f,time:s.time,delay:s.delay,duration:s.duration,ease:s.ease,timer:null,state:ja})}function qr(t,e){var n=gt(t,e);if(n.state>ja)throw new Error("too late; already scheduled");return n}function xt(t,e){var n=gt(t,e);if(n.state>$i)throw new Error("too late; already running");return n}function gt(t,e){var n=t.__transition;if(!n||!(n=n[e]))throw new Error("transition not found");return n}function bf(t,e,n){var i=t.__transition,r;i[e]=n,n.timer=Nr(s,0,n.time);function s(u){n.state=Ba,n.timer.restart(o,n.delay,n.time),n.delay<=u&&o(u-n.delay)}function o(u){var c,h,f,d;if(n.state!==Ba)return l();for(c in i)if(d=i[c],d.name===n.name){if(d.state===$i)return zr(o);d.state===Ua?(d.state=Si,d.timer.stop(),d.on.call("interrupt",t,t.__data__,d.index,d.group),delete i[c]):+c<e&&(d.state=Si,d.timer.stop(),d.on.call("cancel",t,t.__data__,d.index,d.group),delete i[c])}if(zr(function(){n.state===$i&&(n.state=Ua,n.timer.restart(a,n.delay,n.time),a(u))}),n.state=Vr,n.on.call("start",t,t.__data__,n.index,n.group),n.state===Vr){for(n.state=$i,r=new Array(f=n.tween.length),c=0,h=-1;c<f;++c)(d=n.tween[c].value.call(t,t.__data__,n.index,n.group))&&(r[++h]=d);r.length=h+1}}function a(u){for(var c=u<n.duration?n.ease.call(null,u/n.duration):(n.timer.restart(l),n.state=Hr,1),h=-1,f=r.length;++h<f;)r[h].call(t,c);n.state===Hr&&(n.on.call("end",t,t.__data__,n.index,n.group),l())}function l(){n.state=Si,n.timer.stop(),delete i[e];for(var u in i)return;delete t.__transition}}function Ei(t,e){var n=t.__transition,i,r,s=!0,o;if(n){e=e==null?null:e+"";for(o in n){if((i=n[o]).name!==e){s=!1;continue}r=i.state>Vr&&i.state<Hr,i.state=Si,i.timer.stop(),i.on.call(r?"interrupt":"cancel",t,t.__data__,i.index,i.group),delete n[o]}s&&delete t.__transition}}function yf(t){return this.each(function(){Ei(this,t)})}function vf(t,e){var n,i;return function(){var r=xt(this,t),s=r.tween;if(s!==n){i=n=s;for(var o=0,a=i.length;o<a;++o)if(i[o].name===e){i=i.slice(),i.splice(o,1);break}}r.tween=i}}function wf(t,e,n){var i,r;if(typeof n!="function")throw new Error;return function(){var s=xt(this,t),o=s.tween;if(o!==i){r=(i=o).slice();for(var a={name:e,value:n},l=0,u=r.length;l<u;++l)if(r[l].name===e){r[l]=a;break}l===u&&r.push(a)}s.tween=r}}function xf(t,e){var n=this._id;if(t+="",arguments.length<2){for(var i=gt(this.node(),n).tween,r=0,s=i.length,o;r<s;++r)if((o=i[r]).name===t)return o.value;return null}return this.each((e==null?vf:wf)(n,t,e))}function Br(t,e,n){var i=t._id;return t.each(function(){var r=xt(this,i);(r.value||(r.value={}))[e]=n.apply(this,arguments)}),function(r){return gt(r,i).value[e]}}function Xa(t,e){var n;return(typeof e=="number"?ht:e instanceof Ct?ln:(n=Ct(e))?(e=n,ln):Pr)(t,e)}function $f(t){return function(){this.removeAttribute(t)}}function Sf(t){return function(){this.removeAttributeNS(t.space,t.local)}}function Mf(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttribute(t);return o===r?null:o===i?s:s=e(i=o,n)}}function Ef(t,e,n){var i,r=n+"",s;return function(){var o=this.getAttributeNS(t.space,t.local);return o===r?null:o===i?s:s=e(i=o,n)}}function kf(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttribute(t):(o=this.getAttribute(t),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function Af(t,e,n){var i,r,s;return function(){var o,a=n(this),l;return a==null?void this.removeAttributeNS(t.space,t.local):(o=this.getAttributeNS(t.space,t.local),l=a+"",o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a)))}}function Cf(t,e){var n=nn(t),i=n==="transform"?Na:Xa;return this.attrTween(t,typeof e=="function"?(n.local?Af:kf)(n,i,Br(this,"attr."+t,e)):e==null?(n.local?Sf:$f)(n):(n.local?Ef:Mf)(n,i,e))}function Tf(t,e){return function(n){this.setAttribute(t,e.call(this,n))}}function Rf(t,e){return function(n){this.setAttributeNS(t.space,t.local,e.call(this,n))}}function Pf(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Rf(t,s)),n}return r._value=e,r}function Of(t,e){var n,i;function r(){var s=e.apply(this,arguments);return s!==i&&(n=(i=s)&&Tf(t,s)),n}return r._value=e,r}function Nf(t,e){var n="attr."+t;if(arguments.length<2)return(n=this.tween(n))&&n._value;if(e==null)return this.tween(n,null);if(typeof e!="function")throw new Error;var i=nn(t);return this.tween(n,(i.local?Pf:Of)(i,e))}function zf(t,e){return function(){qr(this,t).delay=+e.apply(this,arguments)}}function If(t,e){return e=+e,function(){qr(this,t).delay=e}}function Lf(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?zf:If)(e,t)):gt(this.node(),e).delay}function Df(t,e){return function(){xt(this,t).duration=+e.apply(this,arguments)}}function Ff(t,e){return e=+e,function(){xt(this,t).duration=e}}function Vf(t){var e=this._id;return arguments.length?this.each((typeof t=="function"?Df:Ff)(e,t)):gt(this.node(),e).duration}function Hf(t,e){if(typeof e!="function")throw new Error;return function(){xt(this,t).ease=e}}function qf(t){var e=this._id;return arguments.length?this.each(Hf(e,t)):gt(this.node(),e).ease}function Bf(t,e){return function(){var n=e.apply(this,arguments);if(typeof n!="function")throw new Error;xt(this,t).ease=n}}function Uf(t){if(typeof t!="function")throw new Error;return this.each(Bf(this._id,t))}function jf(t){typeof t!="function"&&(t=gr(t));for(var e=this._groups,n=e.length,i=new Array(n),r=0;r<n;++r)for(var s=e[r],o=s.length,a=i[r]=[],l,u=0;u<o;++u)(l=s[u])&&t.call(l,l.__data__,u,s)&&a.push(l);return new Rt(i,this._parents,this._name,this._id)}function Xf(t){if(t._id!==this._id)throw new Error;for(var e=this._groups,n=t._groups,i=e.length,r=n.length,s=Math.min(i,r),o=new Array(i),a=0;a<s;++a)for(var l=e[a],u=n[a],c=l.length,h=o[a]=new Array(c),f,d=0;d<c;++d)(f=l[d]||u[d])&&(h[d]=f);for(;a<i;++a)o[a]=e[a];return new Rt(o,this._parents,this._name,this._id)}function Wf(t){return(t+"").trim().split(/^|\s+/).every(function(e){var n=e.indexOf(".");return n>=0&&(e=e.slice(0,n)),!e||e==="start"})}function Kf(t,e,n){var i,r,s=Wf(e)?qr:xt;return function(){var o=s(this,t),a=o.on;a!==i&&(r=(i=a).copy()).on(e,n),o.on=r}}function Gf(t,e){var n=this._id;return arguments.length<2?gt(this.node(),n).on.on(t):this.each(Kf(n,t,e))}function Yf(t){return function(){var e=this.parentNode;for(var n in this.__transition)if(+n!==t)return;e&&e.removeChild(this)}}function Qf(){return this.on("end.remove",Yf(this._id))}function Zf(t){var e=this._name,n=this._id;typeof t!="function"&&(t=si(t));for(var i=this._groups,r=i.length,s=new Array(r),o=0;o<r;++o)for(var a=i[o],l=a.length,u=s[o]=new Array(l),c,h,f=0;f<l;++f)(c=a[f])&&(h=t.call(c,c.__data__,f,a))&&("__data__"in c&&(h.__data__=c.__data__),u[f]=h,Mi(u[f],e,n,f,u,gt(c,n)));return new Rt(s,this._parents,e,n)}function Jf(t){var e=this._name,n=this._id;typeof t!="function"&&(t=mr(t));for(var i=this._groups,r=i.length,s=[],o=[],a=0;a<r;++a)for(var l=i[a],u=l.length,c,h=0;h<u;++h)if(c=l[h]){for(var f=t.call(c,c.__data__,h,l),d,p=gt(c,n),v=0,m=f.length;v<m;++v)(d=f[v])&&Mi(d,e,n,v,f,p);s.push(f),o.push(c)}return new Rt(s,o,e,n)}var td=te.prototype.constructor;function ed(){return new td(this._groups,this._parents)}function nd(t,e){var n,i,r;return function(){var s=Jt(this,t),o=(this.style.removeProperty(t),Jt(this,t));return s===o?null:s===n&&o===i?r:r=e(n=s,i=o)}}function Wa(t){return function(){this.style.removeProperty(t)}}function id(t,e,n){var i,r=n+"",s;return function(){var o=Jt(this,t);return o===r?null:o===i?s:s=e(i=o,n)}}function rd(t,e,n){var i,r,s;return function(){var o=Jt(this,t),a=n(this),l=a+"";return a==null&&(l=a=(this.style.removeProperty(t),Jt(this,t))),o===l?null:o===i&&l===r?s:(r=l,s=e(i=o,a))}}function sd(t,e){var n,i,r,s="style."+e,o="end."+s,a;return function(){var l=xt(this,t),u=l.on,c=l.value[s]==null?a||(a=Wa(e)):void 0;(u!==n||r!==c)&&(i=(n=u).copy()).on(o,r=c),l.on=i}}function od(t,e,n){var i=(t+="")=="transform"?Oa:Xa;return e==null?this.styleTween(t,nd(t,i)).on("end.style."+t,Wa(t)):typeof e=="function"?this.styleTween(t,rd(t,i,Br(this,"style."+t,e))).each(sd(this._id,t)):this.styleTween(t,id(t,i,e),n).on("end.style."+t,null)}function ad(t,e,n){return function(i){this.style.setProperty(t,e.call(this,i),n)}}function ld(t,e,n){var i,r;function s(){var o=e.apply(this,arguments);return o!==r&&(i=(r=o)&&ad(t,o,n)),i}return s._value=e,s}function ud(t,e,n){var i="style."+(t+="");if(arguments.length<2)return(i=this.tween(i))&&i._value;if(e==null)return this.tween(i,null);if(typeof e!="function")throw new Error;return this.tween(i,ld(t,e,n??""))}function cd(t){return function(){this.textContent=t}}function hd(t){return function(){var e=t(this);this.textContent=e??""}}function fd(t){return this.tween("text",typeof t=="function"?hd(Br(this,"text",t)):cd(t==null?"":t+""))}function dd(t){return function(e){this.textContent=t.call(this,e)}}function pd(t){var e,n;function i(){var r=t.apply(this,arguments);return r!==n&&(e=(n=r)&&dd(r)),e}return i._value=t,i}function md(t){var e="text";if(arguments.length<1)return(e=this.tween(e))&&e._value;if(t==null)return this.tween(e,null);if(typeof t!="function")throw new Error;return this.tween(e,pd(t))}function gd(){for(var t=this._name,e=this._id,n=Ka(),i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)if(l=o[u]){var c=gt(l,e);Mi(l,t,n,u,o,{time:c.time+c.delay+c.duration,delay:0,duration:c.duration,ease:c.ease})}return new Rt(i,this._parents,t,n)}function _d(){var t,e,n=this,i=n._id,r=n.size();return new Promise(function(s,o){var a={value:o},l={value:function(){--r===0&&s()}};n.each(function(){var u=xt(this,i),c=u.on;c!==t&&(e=(t=c).copy(),e._.cancel.push(a),e._.interrupt.push(a),e._.end.push(l)),u.on=e}),r===0&&s()})}var bd=0;function Rt(t,e,n,i){this._groups=t,this._parents=e,this._name=n,this._id=i}function yd(t){return te().transition(t)}function Ka(){return++bd}var Tt=te.prototype;Rt.prototype=yd.prototype={constructor:Rt,select:Zf,selectAll:Jf,selectChild:Tt.selectChild,selectChildren:Tt.selectChildren,filter:jf,merge:Xf,selection:ed,transition:gd,call:Tt.call,nodes:Tt.nodes,node:Tt.node,size:Tt.size,empty:Tt.empty,each:Tt.each,on:Gf,attr:Cf,attrTween:Nf,style:od,styleTween:ud,text:fd,textTween:md,remove:Qf,tween:xf,delay:Lf,duration:Vf,ease:qf,easeVarying:Uf,end:_d,[Symbol.iterator]:Tt[Symbol.iterator]};var vd={time:null,delay:0,duration:250,ease:qa};function wd(t,e){for(var n;!(n=t.__transition)||!(n=n[e]);)if(!(t=t.parentNode))throw new Error(`transition ${e} not found`);return n}function xd(t){var e,n;t instanceof Rt?(e=t._id,t=t._name):(e=Ka(),(n=vd).time=wi(),t=t==null?null:t+"");for(var i=this._groups,r=i.length,s=0;s<r;++s)for(var o=i[s],a=o.length,l,u=0;u<a;++u)(l=o[u])&&Mi(l,t,e,u,o,n||wd(l,e));return new Rt(i,this._parents,t,e)}te.prototype.interrupt=yf;te.prototype.transition=xd;var Ur=t=>()=>t;function $d(t,{sourceEvent:e,target:n,selection:i,mode:r,dispatch:s}){Object.defineProperties(this,{type:{value:t,enumerable:!0,configurable:!0},sourceEvent:{value:e,enumerable:!0,configurable:!0},target:{value:n,enumerable:!0,configurable:!0},selection:{value:i,enumerable:!0,configurable:!0},mode:{value:r,enumerable:!0,configurable:!0},_:{value:s}})}function Sd(t){t.stopImmediatePropagation()}function jr(t){t.preventDefault(),t.stopImmediatePropagation()}var Ga={name:"drag"},Xr={name:"space"},ve={name:"handle"},we={name:"center"},{abs:Ya,max:J,min:tt}=Math;function Qa(t){return[+t[0],+t[1]]}function Gr(t){return[Qa(t[0]),Qa(t[1])]}var ki={name:"x",handles:["w","e"].map(dn),input:function(t,e){return t==null?null:[[+t[0],e[0][1]],[+t[1],e[1][1]]]},output:function(t){return t&&[t[0][0],t[1][0]]}},Wr={name:"y",handles:["n","s"].map(dn),input:function(t,e){return t==null?null:[[e[0][0],+t[0]],[e[1][0],+t[1]]]},output:function(t){return t&&[t[0][1],t[1][1]]}},c0={name:"xy",handles:["n","w","e","s","nw","ne","sw","se"].map(dn),input:function(t){return t==null?null:Gr(t)},output:function(t){return t}},Pt={overlay:"crosshair",selection:"move",n:"ns-resize",e:"ew-resize",s:"ns-resize",w:"ew-resize",nw:"nwse-resize",ne:"nesw-resize",se:"nwse-resize",sw:"nesw-resize"},Za={e:"w",w:"e",nw:"ne",ne:"nw",se:"sw",sw:"se"},Ja={n:"s",s:"n",nw:"sw",ne:"se",se:"ne",sw:"nw"},Md={overlay:1,selection:1,n:null,e:1,s:null,w:-1,nw:-1,ne:1,se:1,sw:-1},Ed={overlay:1,selection:1,n:-1,e:null,s:1,w:null,nw:-1,ne:-1,se:1,sw:1};function dn(t){return{type:t}}function kd(t){return!t.ctrlKey&&!t.button}function Ad(){var t=this.ownerSVGElement||this;return t.hasAttribute("viewBox")?(t=t.viewBox.baseVal,[[t.x,t.y],[t.x+t.width,t.y+t.height]]):[[0,0],[t.width.baseVal.value,t.height.baseVal.value]]}function Cd(){return navigator.maxTouchPoints||"ontouchstart"in this}function Kr(t){for(;!t.__brush;)if(!(t=t.parentNode))return;return t.__brush}function Td(t){return t[0][0]===t[1][0]||t[0][1]===t[1][1]}function tl(){return Rd(ki)}function Rd(t){var e=Ad,n=kd,i=Cd,r=!0,s=en("start","brush","end"),o=6,a;function l(m){var g=m.property("__brush",v).selectAll(".overlay").data([dn("overlay")]);g.enter().append("rect").attr("class","overlay").attr("pointer-events","all").attr("cursor",Pt.overlay).merge(g).each(function(){var y=Kr(this).extent;it(this).attr("x",y[0][0]).attr("y",y[0][1]).attr("width",y[1][0]-y[0][0]).attr("height",y[1][1]-y[0][1])}),m.selectAll(".selection").data([dn("selection")]).enter().append("rect").attr("class","selection").attr("cursor",Pt.selection).attr("fill","#777").attr("fill-opacity",.3).attr("stroke","#fff").attr("shape-rendering","crispEdges");var b=m.selectAll(".handle").data(t.handles,function(y){return y.type});b.exit().remove(),b.enter().append("rect").attr("class",function(y){return"handle handle--"+y.type}).attr("cursor",function(y){return Pt[y.type]}),m.each(u).attr("fill","none").attr("pointer-events","all").on("mousedown.brush",f).filter(i).on("touchstart.brush",f).on("touchmove.brush",d).on("touchend.brush touchcancel.brush",p).style("touch-action","none").style("-webkit-tap-highlight-color","rgba(0,0,0,0)")}l.move=function(m,g,b){m.tween?m.on("start.brush",function(y){c(this,arguments).beforestart().start(y)}).on("interrupt.brush end.brush",function(y){c(this,arguments).end(y)}).tween("brush",function(){var y=this,$=y.__brush,M=c(y,arguments),A=$.selection,P=t.input(typeof g=="function"?g.apply(this,arguments):g,$.extent),O=_e(A,P);function V(C){$.selection=C===1&&P===null?null:O(C),u.call(y),M.brush()}return A!==null&&P!==null?V:V(1)}):m.each(function(){var y=this,$=arguments,M=y.__brush,A=t.input(typeof g=="function"?g.apply(y,$):g,M.extent),P=c(y,$).beforestart();Ei(y),M.selection=A===null?null:A,u.call(y),P.start(b).brush(b).end(b)})},l.clear=function(m,g){l.move(m,null,g)};function u(){var m=it(this),g=Kr(this).selection;g?(m.selectAll(".selection").style("display",null).attr("x",g[0][0]).attr("y",g[0][1]).attr("width",g[1][0]-g[0][0]).attr("height",g[1][1]-g[0][1]),m.selectAll(".handle").style("display",null).attr("x",function(b){return b.type[b.type.length-1]==="e"?g[1][0]-o/2:g[0][0]-o/2}).attr("y",function(b){return b.type[0]==="s"?g[1][1]-o/2:g[0][1]-o/2}).attr("width",function(b){return b.type==="n"||b.type==="s"?g[1][0]-g[0][0]+o:o}).attr("height",function(b){return b.type==="e"||b.type==="w"?g[1][1]-g[0][1]+o:o})):m.selectAll(".selection,.handle").style("display","none").attr("x",null).attr("y",null).attr("width",null).attr("height",null)}function c(m,g,b){var y=m.__brush.emitter;return y&&(!b||!y.clean)?y:new h(m,g,b)}function h(m,g,b){this.that=m,this.args=g,this.state=m.__brush,this.active=0,this.clean=b}h.prototype={beforestart:function(){return++this.active===1&&(this.state.emitter=this,this.starting=!0),this},start:function(m,g){return this.starting?(this.starting=!1,this.emit("start",m,g)):this.emit("brush",m),this},brush:function(m,g){return this.emit("brush",m,g),this},end:function(m,g){return--this.active===0&&(delete this.state.emitter,this.emit("end",m,g)),this},emit:function(m,g,b){var y=it(this.that).datum();s.call(m,this.that,new $d(m,{sourceEvent:g,target:l,selection:t.output(this.state.selection),mode:b,dispatch:s}),y)}};function f(m){if(a&&!m.touches||!n.apply(this,arguments))return;var g=this,b=m.target.__data__.type,y=(r&&m.metaKey?b="overlay":b)==="selection"?Ga:r&&m.altKey?we:ve,$=t===Wr?null:Md[b],M=t===ki?null:Ed[b],A=Kr(g),P=A.extent,O=A.selection,V=P[0][0],C,I,S=P[0][1],T,R,nt=P[1][0],U,H,at=P[1][1],q,N,j=0,X=0,Di,xn=$&&M&&r&&m.shiftKey,$n,Sn,rt=Array.from(m.touches||[m],k=>{let W=k.identifier;return k=oi(k,g),k.point0=k.slice(),k.identifier=W,k});Ei(g);var Ce=c(g,arguments,!0).beforestart();if(b==="overlay"){O&&(Di=!0);let k=[rt[0],rt[1]||rt[0]];A.selection=O=[[C=t===Wr?V:tt(k[0][0],k[1][0]),T=t===ki?S:tt(k[0][1],k[1][1])],[U=t===Wr?nt:J(k[0][0],k[1][0]),q=t===ki?at:J(k[0][1],k[1][1])]],rt.length>1&&qt(m)}else C=O[0][0],T=O[0][1],U=O[1][0],q=O[1][1];I=C,R=T,H=U,N=q;var ds=it(g).attr("pointer-events","none"),Te=ds.selectAll(".overlay").attr("cursor",Pt[b]);if(m.touches)Ce.moved=ms,Ce.ended=gs;else{var ps=it(m.view).on("mousemove.brush",ms,!0).on("mouseup.brush",gs,!0);r&&ps.on("keydown.brush",ou,!0).on("keyup.brush",au,!0),ta(m.view)}u.call(g),Ce.start(m,y.name);function ms(k){for(let W of k.changedTouches||[k])for(let Re of rt)Re.identifier===W.identifier&&(Re.cur=oi(W,g));if(xn&&!$n&&!Sn&&rt.length===1){let W=rt[0];Ya(W.cur[0]-W[0])>Ya(W.cur[1]-W[1])?Sn=!0:$n=!0}for(let W of rt)W.cur&&(W[0]=W.cur[0],W[1]=W.cur[1]);Di=!0,jr(k),qt(k)}function qt(k){let W=rt[0],Re=W.point0;var Ot;switch(j=W[0]-Re[0],X=W[1]-Re[1],y){case Xr:case Ga:{$&&(j=J(V-C,tt(nt-U,j)),I=C+j,H=U+j),M&&(X=J(S-T,tt(at-q,X)),R=T+X,N=q+X);break}case ve:{rt[1]?($&&(I=J(V,tt(nt,rt[0][0])),H=J(V,tt(nt,rt[1][0])),$=1),M&&(R=J(S,tt(at,rt[0][1])),N=J(S,tt(at,rt[1][1])),M=1)):($<0?(j=J(V-C,tt(nt-C,j)),I=C+j,H=U):$>0&&(j=J(V-U,tt(nt-U,j)),I=C,H=U+j),M<0?(X=J(S-T,tt(at-T,X)),R=T+X,N=q):M>0&&(X=J(S-q,tt(at-q,X)),R=T,N=q+X));break}case we:{$&&(I=J(V,tt(nt,C-j*$)),H=J(V,tt(nt,U+j*$))),M&&(R=J(S,tt(at,T-X*M)),N=J(S,tt(at,q+X*M)));break}}H<I&&($*=-1,Ot=C,C=U,U=Ot,Ot=I,I=H,H=Ot,b in Za&&Te.attr("cursor",Pt[b=Za[b]])),N<R&&(M*=-1,Ot=T,T=q,q=Ot,Ot=R,R=N,N=Ot,b in Ja&&Te.attr("cursor",Pt[b=Ja[b]])),A.selection&&(O=A.selection),$n&&(I=O[0][0],H=O[1][0]),Sn&&(R=O[0][1],N=O[1][1]),(O[0][0]!==I||O[0][1]!==R||O[1][0]!==H||O[1][1]!==N)&&(A.selection=[[I,R],[H,N]],u.call(g),Ce.brush(k,y.name))}function gs(k){if(Sd(k),k.touches){if(k.touches.length)return;a&&clearTimeout(a),a=setTimeout(function(){a=null},500)}else ea(k.view,Di),ps.on("keydown.brush keyup.brush mousemove.brush mouseup.brush",null);ds.attr("pointer-events","all"),Te.attr("cursor",Pt.overlay),A.selection&&(O=A.selection),Td(O)&&(A.selection=null,u.call(g)),Ce.end(k,y.name)}function ou(k){switch(k.keyCode){case 16:{xn=$&&M;break}case 18:{y===ve&&($&&(U=H-j*$,C=I+j*$),M&&(q=N-X*M,T=R+X*M),y=we,qt(k));break}case 32:{(y===ve||y===we)&&($<0?U=H-j:$>0&&(C=I-j),M<0?q=N-X:M>0&&(T=R-X),y=Xr,Te.attr("cursor",Pt.selection),qt(k));break}default:return}jr(k)}function au(k){switch(k.keyCode){case 16:{xn&&($n=Sn=xn=!1,qt(k));break}case 18:{y===we&&($<0?U=H:$>0&&(C=I),M<0?q=N:M>0&&(T=R),y=ve,qt(k));break}case 32:{y===Xr&&(k.altKey?($&&(U=H-j*$,C=I+j*$),M&&(q=N-X*M,T=R+X*M),y=we):($<0?U=H:$>0&&(C=I),M<0?q=N:M>0&&(T=R),y=ve),Te.attr("cursor",Pt[b]),qt(k));break}default:return}jr(k)}}function d(m){c(this,arguments).moved(m)}function p(m){c(this,arguments).ended(m)}function v(){var m=this.__brush||{selection:null};return m.extent=Gr(e.apply(this,arguments)),m.dim=t,m}return l.extent=function(m){return arguments.length?(e=typeof m=="function"?m:Ur(Gr(m)),l):e},l.filter=function(m){return arguments.length?(n=typeof m=="function"?m:Ur(!!m),l):n},l.touchable=function(m){return arguments.length?(i=typeof m=="function"?m:Ur(!!m),l):i},l.handleSize=function(m){return arguments.length?(o=+m,l):o},l.keyModifiers=function(m){return arguments.length?(r=!!m,l):r},l.on=function(){var m=s.on.apply(s,arguments);return m===s?l:m},l}function pn(t,e){return t==null||e==null?NaN:t<e?-1:t>e?1:t>=e?0:NaN}function Pd(t,e){return t==null||e==null?NaN:e<t?-1:e>t?1:e>=t?0:NaN}function nl(t){let e,n,i;t.length!==2?(e=pn,n=(a,l)=>pn(t(a),l),i=(a,l)=>t(a)-l):(e=t===pn||t===Pd?t:Od,n=t,i=t);function r(a,l,u=0,c=a.length){if(u<c){if(e(l,l)!==0)return c;do{let h=u+c>>>1;n(a[h],l)<0?u=h+1:c=h}while(u<c)}return u}function s(a,l,u=0,c=a.length){if(u<c){if(e(l,l)!==0)return c;do{let h=u+c>>>1;n(a[h],l)<=0?u=h+1:c=h}while(u<c)}return u}function o(a,l,u=0,c=a.length){let h=r(a,l,u,c-1);return h>u&&i(a[h-1],l)>-i(a[h],l)?h-1:h}return{left:r,center:o,right:s}}function Od(){return 0}function Nd(t){return t===null?NaN:+t}var il=nl(pn),rl=il.right,f0=il.left,d0=nl(Nd).center;var p0=sl(ol),m0=sl(zd);function sl(t){return function(e,n,i=n){if(!((n=+n)>=0))throw new RangeError("invalid rx");if(!((i=+i)>=0))throw new RangeError("invalid ry");let{data:r,width:s,height:o}=e;if(!((s=Math.floor(s))>=0))throw new RangeError("invalid width");if(!((o=Math.floor(o!==void 0?o:r.length/s))>=0))throw new RangeError("invalid height");if(!s||!o||!n&&!i)return e;let a=n&&t(n),l=i&&t(i),u=r.slice();return a&&l?(xe(a,u,r,s,o),xe(a,r,u,s,o),xe(a,u,r,s,o),$e(l,r,u,s,o),$e(l,u,r,s,o),$e(l,r,u,s,o)):a?(xe(a,r,u,s,o),xe(a,u,r,s,o),xe(a,r,u,s,o)):l&&($e(l,r,u,s,o),$e(l,u,r,s,o),$e(l,r,u,s,o)),e}}function xe(t,e,n,i,r){for(let s=0,o=i*r;s<o;)t(e,n,s,s+=i,1)}function $e(t,e,n,i,r){for(let s=0,o=i*r;s<i;++s)t(e,n,s,s+o,i)}function zd(t){let e=ol(t);return(n,i,r,s,o)=>{r<<=2,s<<=2,o<<=2,e(n,i,r+0,s+0,o),e(n,i,r+1,s+1,o),e(n,i,r+2,s+2,o),e(n,i,r+3,s+3,o)}}function ol(t){let e=Math.floor(t);if(e===t)return Id(t);let n=t-e,i=2*t+1;return(r,s,o,a,l)=>{if(!((a-=l)>=o))return;let u=e*s[o],c=l*e,h=c+l;for(let f=o,d=o+c;f<d;f+=l)u+=s[Math.min(a,f)];for(let f=o,d=a;f<=d;f+=l)u+=s[Math.min(a,f+c)],r[f]=(u+n*(s[Math.max(o,f-h)]+s[Math.min(a,f+h)]))/i,u-=s[Math.max(o,f-c)]}}function Id(t){let e=2*t+1;return(n,i,r,s,o)=>{if(!((s-=o)>=r))return;let a=t*i[r],l=o*t;for(let u=r,c=r+l;u<c;u+=o)a+=i[Math.min(s,u)];for(let u=r,c=s;u<=c;u+=o)a+=i[Math.min(s,u+l)],n[u]=a/e,a-=i[Math.max(r,u-l)]}}var mn=class extends Map{constructor(e,n=Fd){if(super(),Object.defineProperties(this,{_intern:{value:new Map},_key:{value:n}}),e!=null)for(let[i,r]of e)this.set(i,r)}get(e){return super.get(el(this,e))}has(e){return super.has(el(this,e))}set(e,n){return super.set(Ld(this,e),n)}delete(e){return super.delete(Dd(this,e))}};function el({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):n}function Ld({_intern:t,_key:e},n){let i=e(n);return t.has(i)?t.get(i):(t.set(i,n),n)}function Dd({_intern:t,_key:e},n){let i=e(n);return t.has(i)&&(n=t.get(i),t.delete(i)),n}function Fd(t){return t!==null&&typeof t=="object"?t.valueOf():t}var Vd=Array.prototype,g0=Vd.slice;var Hd=Math.sqrt(50),qd=Math.sqrt(10),Bd=Math.sqrt(2);function Ai(t,e,n){let i=(e-t)/Math.max(0,n),r=Math.floor(Math.log10(i)),s=i/Math.pow(10,r),o=s>=Hd?10:s>=qd?5:s>=Bd?2:1,a,l,u;return r<0?(u=Math.pow(10,-r)/o,a=Math.round(t*u),l=Math.round(e*u),a/u<t&&++a,l/u>e&&--l,u=-u):(u=Math.pow(10,r)*o,a=Math.round(t/u),l=Math.round(e/u),a*u<t&&++a,l*u>e&&--l),l<a&&.5<=n&&n<2?Ai(t,e,n*2):[a,l,u]}function al(t,e,n){if(e=+e,t=+t,n=+n,!(n>0))return[];if(t===e)return[t];let i=e<t,[r,s,o]=i?Ai(e,t,n):Ai(t,e,n);if(!(s>=r))return[];let a=s-r+1,l=new Array(a);if(i)if(o<0)for(let u=0;u<a;++u)l[u]=(s-u)/-o;else for(let u=0;u<a;++u)l[u]=(s-u)*o;else if(o<0)for(let u=0;u<a;++u)l[u]=(r+u)/-o;else for(let u=0;u<a;++u)l[u]=(r+u)*o;return l}function Ci(t,e,n){return e=+e,t=+t,n=+n,Ai(t,e,n)[2]}function ll(t,e,n){e=+e,t=+t,n=+n;let i=e<t,r=i?Ci(e,t,n):Ci(t,e,n);return(i?-1:1)*(r<0?1/-r:r)}function ul(t,e,n){t=+t,e=+e,n=(r=arguments.length)<2?(e=t,t=0,1):r<3?1:+n;for(var i=-1,r=Math.max(0,Math.ceil((e-t)/n))|0,s=new Array(r);++i<r;)s[i]=t+i*n;return s}var _0=Ud(Math.random);function Ud(t){return function(n,i=0,r=n.length){let s=r-(i=+i);for(;s;){let o=t()*s--|0,a=n[s+i];n[s+i]=n[o+i],n[o+i]=a}return n}}function jd(t){return Math.abs(t=Math.round(t))>=1e21?t.toLocaleString("en").replace(/,/g,""):t.toString(10)}function Ri(t,e){if(!isFinite(t)||t===0)return null;var n=(t=e?t.toExponential(e-1):t.toExponential()).indexOf("e"),i=t.slice(0,n);return[i.length>1?i[0]+i.slice(2):i,+t.slice(n+1)]}function Se(t){return t=Ri(Math.abs(t)),t?t[1]:NaN}function Xd(t,e){return function(n,i){for(var r=n.length,s=[],o=0,a=t[0],l=0;r>0&&a>0&&(l+a+1>i&&(a=Math.max(1,i-l)),s.push(n.substring(r-=a,r+a)),!((l+=a+1)>i));)a=t[o=(o+1)%t.length];return s.reverse().join(e)}}function Wd(t){return function(e){return e.replace(/[0-9]/g,function(n){return t[+n]})}}var Kd=/^(?:(.)?([<>=^]))?([+\-( ])?([$#])?(0)?(\d+)?(,)?(\.\d+)?(~)?([a-z%])?$/i;function gn(t){if(!(e=Kd.exec(t)))throw new Error("invalid format: "+t);var e;return new Yr({fill:e[1],align:e[2],sign:e[3],symbol:e[4],zero:e[5],width:e[6],comma:e[7],precision:e[8]&&e[8].slice(1),trim:e[9],type:e[10]})}gn.prototype=Yr.prototype;function Yr(t){this.fill=t.fill===void 0?" ":t.fill+"",this.align=t.align===void 0?">":t.align+"",this.sign=t.sign===void 0?"-":t.sign+"",this.symbol=t.symbol===void 0?"":t.symbol+"",this.zero=!!t.zero,this.width=t.width===void 0?void 0:+t.width,this.comma=!!t.comma,this.precision=t.precision===void 0?void 0:+t.precision,this.trim=!!t.trim,this.type=t.type===void 0?"":t.type+""}Yr.prototype.toString=function(){return this.fill+this.align+this.sign+this.symbol+(this.zero?"0":"")+(this.width===void 0?"":Math.max(1,this.width|0))+(this.comma?",":"")+(this.precision===void 0?"":"."+Math.max(0,this.precision|0))+(this.trim?"~":"")+this.type};function Gd(t){t:for(var e=t.length,n=1,i=-1,r;n<e;++n)switch(t[n]){case".":i=r=n;break;case"0":i===0&&(i=n),r=n;break;default:if(!+t[n])break t;i>0&&(i=0);break}return i>0?t.slice(0,i)+t.slice(r+1):t}var Pi;function Yd(t,e){var n=Ri(t,e);if(!n)return Pi=void 0,t.toPrecision(e);var i=n[0],r=n[1],s=r-(Pi=Math.max(-8,Math.min(8,Math.floor(r/3)))*3)+1,o=i.length;return s===o?i:s>o?i+new Array(s-o+1).join("0"):s>0?i.slice(0,s)+"."+i.slice(s):"0."+new Array(1-s).join("0")+Ri(t,Math.max(0,e+s-1))[0]}function cl(t,e){var n=Ri(t,e);if(!n)return t+"";var i=n[0],r=n[1];return r<0?"0."+new Array(-r).join("0")+i:i.length>r+1?i.slice(0,r+1)+"."+i.slice(r+1):i+new Array(r-i.length+2).join("0")}var hl={"%":(t,e)=>(t*100).toFixed(e),b:t=>Math.round(t).toString(2),c:t=>t+"",d:jd,e:(t,e)=>t.toExponential(e),f:(t,e)=>t.toFixed(e),g:(t,e)=>t.toPrecision(e),o:t=>Math.round(t).toString(8),p:(t,e)=>cl(t*100,e),r:cl,s:Yd,X:t=>Math.round(t).toString(16).toUpperCase(),x:t=>Math.round(t).toString(16)};function fl(t){return t}var dl=Array.prototype.map,pl=["y","z","a","f","p","n","µ","m","","k","M","G","T","P","E","Z","Y"];function Qd(t){var e=t.grouping===void 0||t.thousands===void 0?fl:Xd(dl.call(t.grouping,Number),t.thousands+""),n=t.currency===void 0?"":t.currency[0]+"",i=t.currency===void 0?"":t.currency[1]+"",r=t.decimal===void 0?".":t.decimal+"",s=t.numerals===void 0?fl:Wd(dl.call(t.numerals,String)),o=t.percent===void 0?"%":t.percent+"",a=t.minus===void 0?"−":t.minus+"",l=t.nan===void 0?"NaN":t.nan+"";function u(h,f){h=gn(h);var d=h.fill,p=h.align,v=h.sign,m=h.symbol,g=h.zero,b=h.width,y=h.comma,$=h.precision,M=h.trim,A=h.type;A==="n"?(y=!0,A="g"):hl[A]||($===void 0&&($=12),M=!0,A="g"),(g||d==="0"&&p==="=")&&(g=!0,d="0",p="=");var P=(f&&f.prefix!==void 0?f.prefix:"")+(m==="$"?n:m==="#"&&/[boxX]/.test(A)?"0"+A.toLowerCase():""),O=(m==="$"?i:/[%p]/.test(A)?o:"")+(f&&f.suffix!==void 0?f.suffix:""),V=hl[A],C=/[defgprs%]/.test(A);$=$===void 0?6:/[gprs]/.test(A)?Math.max(1,Math.min(21,$)):Math.max(0,Math.min(20,$));function I(S){var T=P,R=O,nt,U,H;if(A==="c")R=V(S)+R,S="";else{S=+S;var at=S<0||1/S<0;if(S=isNaN(S)?l:V(Math.abs(S),$),M&&(S=Gd(S)),at&&+S==0&&v!=="+"&&(at=!1),T=(at?v==="("?v:a:v==="-"||v==="("?"":v)+T,R=(A==="s"&&!isNaN(S)&&Pi!==void 0?pl[8+Pi/3]:"")+R+(at&&v==="("?")":""),C){for(nt=-1,U=S.length;++nt<U;)if(H=S.charCodeAt(nt),48>H||H>57){R=(H===46?r+S.slice(nt+1):S.slice(nt))+R,S=S.slice(0,nt);break}}}y&&!g&&(S=e(S,1/0));var q=T.length+S.length+R.length,N=q<b?new Array(b-q+1).join(d):"";switch(y&&g&&(S=e(N+S,N.length?b-R.length:1/0),N=""),p){case"<":S=T+S+R+N;break;case"=":S=T+N+S+R;break;case"^":S=N.slice(0,q=N.length>>1)+T+S+R+N.slice(q);break;default:S=N+T+S+R;break}return s(S)}return I.toString=function(){return h+""},I}function c(h,f){var d=Math.max(-8,Math.min(8,Math.floor(Se(f)/3)))*3,p=Math.pow(10,-d),v=u((h=gn(h),h.type="f",h),{suffix:pl[8+d/3]});return function(m){return v(p*m)}}return{format:u,formatPrefix:c}}var Ti,Qr,Zr;Zd({thousands:",",grouping:[3],currency:["$",""]});function Zd(t){return Ti=Qd(t),Qr=Ti.format,Zr=Ti.formatPrefix,Ti}function ml(t){return Math.max(0,-Se(Math.abs(t)))}function gl(t,e){return Math.max(0,Math.max(-8,Math.min(8,Math.floor(Se(e)/3)))*3-Se(Math.abs(t)))}function _l(t,e){return t=Math.abs(t),e=Math.abs(e)-t,Math.max(0,Se(e)-Se(t))+1}function ts(t,e){switch(arguments.length){case 0:break;case 1:this.range(t);break;default:this.range(e).domain(t);break}return this}var bl=Symbol("implicit");function vl(){var t=new mn,e=[],n=[],i=bl;function r(s){let o=t.get(s);if(o===void 0){if(i!==bl)return i;t.set(s,o=e.push(s)-1)}return n[o%n.length]}return r.domain=function(s){if(!arguments.length)return e.slice();e=[],t=new mn;for(let o of s)t.has(o)||t.set(o,e.push(o)-1);return r},r.range=function(s){return arguments.length?(n=Array.from(s),r):n.slice()},r.unknown=function(s){return arguments.length?(i=s,r):i},r.copy=function(){return vl(e,n).unknown(i)},ts.apply(r,arguments),r}function wl(){var t=vl().unknown(void 0),e=t.domain,n=t.range,i=0,r=1,s,o,a=!1,l=0,u=0,c=.5;delete t.unknown;function h(){var f=e().length,d=r<i,p=d?r:i,v=d?i:r;s=(v-p)/Math.max(1,f-l+u*2),a&&(s=Math.floor(s)),p+=(v-p-s*(f-l))*c,o=s*(1-l),a&&(p=Math.round(p),o=Math.round(o));var m=ul(f).map(function(g){return p+s*g});return n(d?m.reverse():m)}return t.domain=function(f){return arguments.length?(e(f),h()):e()},t.range=function(f){return arguments.length?([i,r]=f,i=+i,r=+r,h()):[i,r]},t.rangeRound=function(f){return[i,r]=f,i=+i,r=+r,a=!0,h()},t.bandwidth=function(){return o},t.step=function(){return s},t.round=function(f){return arguments.length?(a=!!f,h()):a},t.padding=function(f){return arguments.length?(l=Math.min(1,u=+f),h()):l},t.paddingInner=function(f){return arguments.length?(l=Math.min(1,f),h()):l},t.paddingOuter=function(f){return arguments.length?(u=+f,h()):u},t.align=function(f){return arguments.length?(c=Math.max(0,Math.min(1,f)),h()):c},t.copy=function(){return wl(e(),[i,r]).round(a).paddingInner(l).paddingOuter(u).align(c)},ts.apply(h(),arguments)}function xl(t){var e=t.copy;return t.padding=t.paddingOuter,delete t.paddingInner,delete t.paddingOuter,t.copy=function(){return xl(e())},t}function $l(){return xl(wl.apply(null,arguments).paddingInner(1))}function Jd(t){return function(){return t}}function tp(t){return+t}var yl=[0,1];function Me(t){return t}function Jr(t,e){return(e-=t=+t)?function(n){return(n-t)/e}:Jd(isNaN(e)?NaN:.5)}function ep(t,e){var n;return t>e&&(n=t,t=e,e=n),function(i){return Math.max(t,Math.min(e,i))}}function np(t,e,n){var i=t[0],r=t[1],s=e[0],o=e[1];return r<i?(i=Jr(r,i),s=n(o,s)):(i=Jr(i,r),s=n(s,o)),function(a){return s(i(a))}}function ip(t,e,n){var i=Math.min(t.length,e.length)-1,r=new Array(i),s=new Array(i),o=-1;for(t[i]<t[0]&&(t=t.slice().reverse(),e=e.slice().reverse());++o<i;)r[o]=Jr(t[o],t[o+1]),s[o]=n(e[o],e[o+1]);return function(a){var l=rl(t,a,1,i)-1;return s[l](r[l](a))}}function rp(t,e){return e.domain(t.domain()).range(t.range()).interpolate(t.interpolate()).clamp(t.clamp()).unknown(t.unknown())}function sp(){var t=yl,e=yl,n=_e,i,r,s,o=Me,a,l,u;function c(){var f=Math.min(t.length,e.length);return o!==Me&&(o=ep(t[0],t[f-1])),a=f>2?ip:np,l=u=null,h}function h(f){return f==null||isNaN(f=+f)?s:(l||(l=a(t.map(i),e,n)))(i(o(f)))}return h.invert=function(f){return o(r((u||(u=a(e,t.map(i),ht)))(f)))},h.domain=function(f){return arguments.length?(t=Array.from(f,tp),c()):t.slice()},h.range=function(f){return arguments.length?(e=Array.from(f),c()):e.slice()},h.rangeRound=function(f){return e=Array.from(f),n=Ta,c()},h.clamp=function(f){return arguments.length?(o=f?!0:Me,c()):o!==Me},h.interpolate=function(f){return arguments.length?(n=f,c()):n},h.unknown=function(f){return arguments.length?(s=f,h):s},function(f,d){return i=f,r=d,c()}}function op(){return sp()(Me,Me)}function ap(t,e,n,i){var r=ll(t,e,n),s;switch(i=gn(i??",f"),i.type){case"s":{var o=Math.max(Math.abs(t),Math.abs(e));return i.precision==null&&!isNaN(s=gl(r,o))&&(i.precision=s),Zr(i,o)}case"":case"e":case"g":case"p":case"r":{i.precision==null&&!isNaN(s=_l(r,Math.max(Math.abs(t),Math.abs(e))))&&(i.precision=s-(i.type==="e"));break}case"f":case"%":{i.precision==null&&!isNaN(s=ml(r))&&(i.precision=s-(i.type==="%")*2);break}}return Qr(i)}function lp(t){var e=t.domain;return t.ticks=function(n){var i=e();return al(i[0],i[i.length-1],n??10)},t.tickFormat=function(n,i){var r=e();return ap(r[0],r[r.length-1],n??10,i)},t.nice=function(n){n==null&&(n=10);var i=e(),r=0,s=i.length-1,o=i[r],a=i[s],l,u,c=10;for(a<o&&(u=o,o=a,a=u,u=r,r=s,s=u);c-- >0;){if(u=Ci(o,a,n),u===l)return i[r]=o,i[s]=a,e(i);if(u>0)o=Math.floor(o/u)*u,a=Math.ceil(a/u)*u;else if(u<0)o=Math.ceil(o*u)/u,a=Math.floor(a*u)/u;else break;l=u}return t},t}function _n(){var t=op();return t.copy=function(){return rp(t,_n())},ts.apply(t,arguments),lp(t)}function up(t,e){let n=Math.abs(t[1]-t[0])/Math.max(1e-9,Math.abs(e[1]-e[0]));return!(n>0)||!Number.isFinite(n)?3:Math.min(10,Math.max(0,Math.ceil(-Math.log10(n))))}function cp(t,e,n){let[i,r]=e,[s,o]=n;return o===s?i:i+(t-s)*(r-i)/(o-s)}function es(t,e,n){let[i,r]=e,[s,o]=n;return r===i?s:s+(t-i)*(o-s)/(r-i)}function Sl(t,e,n,i=1){let r=Math.min(n[0],n[1]),s=Math.max(n[0],n[1]),o=up(e,n),a=p=>Number(p.toFixed(o)),l=t.map(p=>Math.min(s,Math.max(r,p))).map(p=>({px:p,value:a(cp(p,e,n))}));l.sort((p,v)=>p.value-v.value);let[u,c]=l,h=(p,v)=>Math.abs(p-es(v,e,n))<=i,f=Math.min(e[0],e[1]),d=Math.max(e[0],e[1]);return{low:h(u.px,f)?null:u.value,high:h(c.px,d)?null:c.value}}function Ml(t,e,n){let i=Math.min(e[0],e[1]),r=Math.max(e[0],e[1]),s=l=>Math.min(r,Math.max(i,l)),o=es(s(t.low??i),e,n),a=es(s(t.high??r),e,n);return[Math.min(o,a),Math.max(o,a)]}function Oi(t,e){return`${t}@${e}`}function El(t,e,n){let i=[{id:"label",title:"Label",kind:"label",identity:null}];for(let r of t)i.push({id:Oi(e,r),title:r,kind:"value",identity:r});if(i.push({id:"gap",title:"Gap",kind:"gap",identity:null}),n){i.push({id:"count",title:"C(y)",kind:"count",identity:null});for(let r of t)i.push({id:`count@${r}`,title:`C(${r}, y)`,kind:"count",identity:r})}return i}function kl(t,e,n){let i=[{id:"gap",title:"gap",kind:"gap",identity:null}];for(let r of t)i.push({id:Oi(e,r),title:`${e} (${r})`,kind:"value",identity:r});if(n){i.push({id:"count",title:"count",kind:"count",identity:null});for(let r of t)i.push({id:`count@${r}`,title:`count (${r})`,kind:"count",identity:r})}return i}function Al(t){return["2.25rem",...t.map(n=>n.kind==="label"?"minmax(9rem, 2.2fr)":n.kind==="count"?"minmax(4.5rem, 0.8fr)":"minmax(6.5rem, 1fr)"),"4.75rem"].join(" ")}var bn=Math.PI,ns=2*bn,oe=1e-6,hp=ns-oe;function Cl(t){this._+=t[0];for(let e=1,n=t.length;e<n;++e)this._+=arguments[e]+t[e]}function fp(t){let e=Math.floor(t);if(!(e>=0))throw new Error(`invalid digits: ${t}`);if(e>15)return Cl;let n=10**e;return function(i){this._+=i[0];for(let r=1,s=i.length;r<s;++r)this._+=Math.round(arguments[r]*n)/n+i[r]}}function Tl(t,e,n,i){return t===n&&e===i}function dp(t){let e=Math.floor(t);if(!(e<=15))return Tl;let n=10**e,i=function(r){return Math.round(r*n)};return function(r,s,o,a){return i(r)===i(o)&&i(s)===i(a)}}var Ee=class{constructor(e){this._x0=this._y0=this._x1=this._y1=null,this._="",this._append=e==null?Cl:fp(e),this._equal=e==null?Tl:dp(e)}moveTo(e,n){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}`}closePath(){this._x1!==null&&(this._x1=this._x0,this._y1=this._y0,this._append`Z`)}lineTo(e,n){this._append`L${this._x1=+e},${this._y1=+n}`}quadraticCurveTo(e,n,i,r){this._append`Q${+e},${+n},${this._x1=+i},${this._y1=+r}`}bezierCurveTo(e,n,i,r,s,o){this._append`C${+e},${+n},${+i},${+r},${this._x1=+s},${this._y1=+o}`}arcTo(e,n,i,r,s){if(e=+e,n=+n,i=+i,r=+r,s=+s,s<0)throw new Error(`negative radius: ${s}`);let o=this._x1,a=this._y1,l=i-e,u=r-n,c=o-e,h=a-n,f=c*c+h*h;if(this._x1===null)this._append`M${this._x1=e},${this._y1=n}`;else if(f>oe)if(!(Math.abs(h*l-u*c)>oe)||!s)this._append`L${this._x1=e},${this._y1=n}`;else{let d=i-o,p=r-a,v=l*l+u*u,m=d*d+p*p,g=Math.sqrt(v),b=Math.sqrt(f),y=s*Math.tan((bn-Math.acos((v+f-m)/(2*g*b)))/2),$=y/b,M=y/g;Math.abs($-1)>oe&&this._append`L${e+$*c},${n+$*h}`,this._append`A${s},${s},0,0,${+(h*d>c*p)},${this._x1=e+M*l},${this._y1=n+M*u}`}}arc(e,n,i,r,s,o){if(e=+e,n=+n,i=+i,o=!!o,i<0)throw new Error(`negative radius: ${i}`);let a=i*Math.cos(r),l=i*Math.sin(r),u=e+a,c=n+l,h=1^o,f=o?r-s:s-r;if(this._x1===null?this._append`M${u},${c}`:(Math.abs(this._x1-u)>oe||Math.abs(this._y1-c)>oe)&&this._append`L${u},${c}`,!!i){if(f<0&&(f=f%ns+ns),f>hp)this._append`A${i},${i},0,1,${h},${e-a},${n-l}A${i},${i},0,1,${h},${this._x1=u},${this._y1=c}`;else if(f>oe){let d=e+i*Math.cos(s),p=n+i*Math.sin(s);if(f>=bn&&this._equal(u,c,d,p)){f/=2;let v=r+f;this._append`A${i},${i},0,${+(f>=bn)},${h},${e+i*Math.cos(v)},${n+i*Math.sin(v)}`}this._append`A${i},${i},0,${+(f>=bn)},${h},${this._x1=d},${this._y1=p}`}}}rect(e,n,i,r){this._append`M${this._x0=this._x1=+e},${this._y0=this._y1=+n}h${i=+i}v${+r}h${-i}Z`}toString(){return this._}};function pp(){return new Ee}pp.prototype=Ee.prototype;function Y(t){return function(){return t}}var mp=Math.cos;var rs=Math.sin,ke=Math.sqrt,Rl=1e-12,Ni=Math.PI,R0=Ni/2,Il=2*Ni;function Ll(t){let e=3;return t.digits=function(n){if(!arguments.length)return e;if(n==null)e=null;else{let i=Math.floor(n);if(!(i>=0))throw new RangeError(`invalid digits: ${n}`);e=i}return t},()=>new Ee(e)}var P0=Array.prototype.slice;function Dl(t){return typeof t=="object"&&"length"in t?t:Array.from(t)}function Fl(t){this._context=t}Fl.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:this._context.lineTo(t,e);break}}};function ss(t){return new Fl(t)}function Vl(t){return t[0]}function Hl(t){return t[1]}function os(t,e){var n=Y(!0),i=null,r=ss,s=null,o=Ll(a);t=typeof t=="function"?t:t===void 0?Vl:Y(t),e=typeof e=="function"?e:e===void 0?Hl:Y(e);function a(l){var u,c=(l=Dl(l)).length,h,f=!1,d;for(i==null&&(s=r(d=o())),u=0;u<=c;++u)!(u<c&&n(h=l[u],u,l))===f&&((f=!f)?s.lineStart():s.lineEnd()),f&&s.point(+t(h,u,l),+e(h,u,l));if(d)return s=null,d+""||null}return a.x=function(l){return arguments.length?(t=typeof l=="function"?l:Y(+l),a):t},a.y=function(l){return arguments.length?(e=typeof l=="function"?l:Y(+l),a):e},a.defined=function(l){return arguments.length?(n=typeof l=="function"?l:Y(!!l),a):n},a.curve=function(l){return arguments.length?(r=l,i!=null&&(s=r(i)),a):r},a.context=function(l){return arguments.length?(l==null?i=s=null:s=r(i=l),a):i},a}function ql(t,e,n){var i=null,r=Y(!0),s=null,o=ss,a=null,l=Ll(u);t=typeof t=="function"?t:t===void 0?Vl:Y(+t),e=typeof e=="function"?e:Y(e===void 0?0:+e),n=typeof n=="function"?n:n===void 0?Hl:Y(+n);function u(h){var f,d,p,v=(h=Dl(h)).length,m,g=!1,b,y=new Array(v),$=new Array(v);for(s==null&&(a=o(b=l())),f=0;f<=v;++f){if(!(f<v&&r(m=h[f],f,h))===g)if(g=!g)d=f,a.areaStart(),a.lineStart();else{for(a.lineEnd(),a.lineStart(),p=f-1;p>=d;--p)a.point(y[p],$[p]);a.lineEnd(),a.areaEnd()}g&&(y[f]=+t(m,f,h),$[f]=+e(m,f,h),a.point(i?+i(m,f,h):y[f],n?+n(m,f,h):$[f]))}if(b)return a=null,b+""||null}function c(){return os().defined(r).curve(o).context(s)}return u.x=function(h){return arguments.length?(t=typeof h=="function"?h:Y(+h),i=null,u):t},u.x0=function(h){return arguments.length?(t=typeof h=="function"?h:Y(+h),u):t},u.x1=function(h){return arguments.length?(i=h==null?null:typeof h=="function"?h:Y(+h),u):i},u.y=function(h){return arguments.length?(e=typeof h=="function"?h:Y(+h),n=null,u):e},u.y0=function(h){return arguments.length?(e=typeof h=="function"?h:Y(+h),u):e},u.y1=function(h){return arguments.length?(n=h==null?null:typeof h=="function"?h:Y(+h),u):n},u.lineX0=u.lineY0=function(){return c().x(t).y(e)},u.lineY1=function(){return c().x(t).y(n)},u.lineX1=function(){return c().x(i).y(e)},u.defined=function(h){return arguments.length?(r=typeof h=="function"?h:Y(!!h),u):r},u.curve=function(h){return arguments.length?(o=h,s!=null&&(a=o(s)),u):o},u.context=function(h){return arguments.length?(h==null?s=a=null:a=o(s=h),u):s},u}var O0=gp(ss);function Bl(t){this._curve=t}Bl.prototype={areaStart:function(){this._curve.areaStart()},areaEnd:function(){this._curve.areaEnd()},lineStart:function(){this._curve.lineStart()},lineEnd:function(){this._curve.lineEnd()},point:function(t,e){this._curve.point(e*Math.sin(t),e*-Math.cos(t))}};function gp(t){function e(n){return new Bl(t(n))}return e._curve=t,e}var N0=ke(3);var _p=ke(1/3),z0=_p*2;var Ul=rs(Ni/10)/rs(7*Ni/10),I0=rs(Il/10)*Ul,L0=-mp(Il/10)*Ul;var D0=ke(3);var F0=ke(3);var V0=ke(3)/2,bp=1/ke(12),H0=(bp/2+1)*3;function Vt(){}function zi(t,e,n){t._context.bezierCurveTo((2*t._x0+t._x1)/3,(2*t._y0+t._y1)/3,(t._x0+2*t._x1)/3,(t._y0+2*t._y1)/3,(t._x0+4*t._x1+e)/6,(t._y0+4*t._y1+n)/6)}function as(t){this._context=t}as.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){switch(this._point){case 3:zi(this,this._x1,this._y1);case 2:this._context.lineTo(this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,this._context.lineTo((5*this._x0+this._x1)/6,(5*this._y0+this._y1)/6);default:zi(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};function yp(t){this._context=t}yp.prototype={areaStart:Vt,areaEnd:Vt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._y0=this._y1=this._y2=this._y3=this._y4=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x2,this._y2),this._context.closePath();break}case 2:{this._context.moveTo((this._x2+2*this._x3)/3,(this._y2+2*this._y3)/3),this._context.lineTo((this._x3+2*this._x2)/3,(this._y3+2*this._y2)/3),this._context.closePath();break}case 3:{this.point(this._x2,this._y2),this.point(this._x3,this._y3),this.point(this._x4,this._y4);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x2=t,this._y2=e;break;case 1:this._point=2,this._x3=t,this._y3=e;break;case 2:this._point=3,this._x4=t,this._y4=e,this._context.moveTo((this._x0+4*this._x1+t)/6,(this._y0+4*this._y1+e)/6);break;default:zi(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};function vp(t){this._context=t}vp.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3;var n=(this._x0+4*this._x1+t)/6,i=(this._y0+4*this._y1+e)/6;this._line?this._context.lineTo(n,i):this._context.moveTo(n,i);break;case 3:this._point=4;default:zi(this,t,e);break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e}};function jl(t,e){this._basis=new as(t),this._beta=e}jl.prototype={lineStart:function(){this._x=[],this._y=[],this._basis.lineStart()},lineEnd:function(){var t=this._x,e=this._y,n=t.length-1;if(n>0)for(var i=t[0],r=e[0],s=t[n]-i,o=e[n]-r,a=-1,l;++a<=n;)l=a/n,this._basis.point(this._beta*t[a]+(1-this._beta)*(i+l*s),this._beta*e[a]+(1-this._beta)*(r+l*o));this._x=this._y=null,this._basis.lineEnd()},point:function(t,e){this._x.push(+t),this._y.push(+e)}};var q0=(function t(e){function n(i){return e===1?new as(i):new jl(i,e)}return n.beta=function(i){return t(+i)},n})(.85);function Ii(t,e,n){t._context.bezierCurveTo(t._x1+t._k*(t._x2-t._x0),t._y1+t._k*(t._y2-t._y0),t._x2+t._k*(t._x1-e),t._y2+t._k*(t._y1-n),t._x2,t._y2)}function ls(t,e){this._context=t,this._k=(1-e)/6}ls.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:Ii(this,this._x1,this._y1);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2,this._x1=t,this._y1=e;break;case 2:this._point=3;default:Ii(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var B0=(function t(e){function n(i){return new ls(i,e)}return n.tension=function(i){return t(+i)},n})(0);function us(t,e){this._context=t,this._k=(1-e)/6}us.prototype={areaStart:Vt,areaEnd:Vt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:Ii(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var U0=(function t(e){function n(i){return new us(i,e)}return n.tension=function(i){return t(+i)},n})(0);function cs(t,e){this._context=t,this._k=(1-e)/6}cs.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:Ii(this,t,e);break}this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var j0=(function t(e){function n(i){return new cs(i,e)}return n.tension=function(i){return t(+i)},n})(0);function hs(t,e,n){var i=t._x1,r=t._y1,s=t._x2,o=t._y2;if(t._l01_a>Rl){var a=2*t._l01_2a+3*t._l01_a*t._l12_a+t._l12_2a,l=3*t._l01_a*(t._l01_a+t._l12_a);i=(i*a-t._x0*t._l12_2a+t._x2*t._l01_2a)/l,r=(r*a-t._y0*t._l12_2a+t._y2*t._l01_2a)/l}if(t._l23_a>Rl){var u=2*t._l23_2a+3*t._l23_a*t._l12_a+t._l12_2a,c=3*t._l23_a*(t._l23_a+t._l12_a);s=(s*u+t._x1*t._l23_2a-e*t._l12_2a)/c,o=(o*u+t._y1*t._l23_2a-n*t._l12_2a)/c}t._context.bezierCurveTo(i,r,s,o,t._x2,t._y2)}function Xl(t,e){this._context=t,this._alpha=e}Xl.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x2,this._y2);break;case 3:this.point(this._x2,this._y2);break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3;default:hs(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var X0=(function t(e){function n(i){return e?new Xl(i,e):new ls(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);function Wl(t,e){this._context=t,this._alpha=e}Wl.prototype={areaStart:Vt,areaEnd:Vt,lineStart:function(){this._x0=this._x1=this._x2=this._x3=this._x4=this._x5=this._y0=this._y1=this._y2=this._y3=this._y4=this._y5=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){switch(this._point){case 1:{this._context.moveTo(this._x3,this._y3),this._context.closePath();break}case 2:{this._context.lineTo(this._x3,this._y3),this._context.closePath();break}case 3:{this.point(this._x3,this._y3),this.point(this._x4,this._y4),this.point(this._x5,this._y5);break}}},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1,this._x3=t,this._y3=e;break;case 1:this._point=2,this._context.moveTo(this._x4=t,this._y4=e);break;case 2:this._point=3,this._x5=t,this._y5=e;break;default:hs(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var W0=(function t(e){function n(i){return e?new Wl(i,e):new us(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);function Kl(t,e){this._context=t,this._alpha=e}Kl.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._x2=this._y0=this._y1=this._y2=NaN,this._l01_a=this._l12_a=this._l23_a=this._l01_2a=this._l12_2a=this._l23_2a=this._point=0},lineEnd:function(){(this._line||this._line!==0&&this._point===3)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){if(t=+t,e=+e,this._point){var n=this._x2-t,i=this._y2-e;this._l23_a=Math.sqrt(this._l23_2a=Math.pow(n*n+i*i,this._alpha))}switch(this._point){case 0:this._point=1;break;case 1:this._point=2;break;case 2:this._point=3,this._line?this._context.lineTo(this._x2,this._y2):this._context.moveTo(this._x2,this._y2);break;case 3:this._point=4;default:hs(this,t,e);break}this._l01_a=this._l12_a,this._l12_a=this._l23_a,this._l01_2a=this._l12_2a,this._l12_2a=this._l23_2a,this._x0=this._x1,this._x1=this._x2,this._x2=t,this._y0=this._y1,this._y1=this._y2,this._y2=e}};var K0=(function t(e){function n(i){return e?new Kl(i,e):new cs(i,0)}return n.alpha=function(i){return t(+i)},n})(.5);function wp(t){this._context=t}wp.prototype={areaStart:Vt,areaEnd:Vt,lineStart:function(){this._point=0},lineEnd:function(){this._point&&this._context.closePath()},point:function(t,e){t=+t,e=+e,this._point?this._context.lineTo(t,e):(this._point=1,this._context.moveTo(t,e))}};function Pl(t){return t<0?-1:1}function Ol(t,e,n){var i=t._x1-t._x0,r=e-t._x1,s=(t._y1-t._y0)/(i||r<0&&-0),o=(n-t._y1)/(r||i<0&&-0),a=(s*r+o*i)/(i+r);return(Pl(s)+Pl(o))*Math.min(Math.abs(s),Math.abs(o),.5*Math.abs(a))||0}function Nl(t,e){var n=t._x1-t._x0;return n?(3*(t._y1-t._y0)/n-e)/2:e}function is(t,e,n){var i=t._x0,r=t._y0,s=t._x1,o=t._y1,a=(s-i)/3;t._context.bezierCurveTo(i+a,r+a*e,s-a,o-a*n,s,o)}function Li(t){this._context=t}Li.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x0=this._x1=this._y0=this._y1=this._t0=NaN,this._point=0},lineEnd:function(){switch(this._point){case 2:this._context.lineTo(this._x1,this._y1);break;case 3:is(this,this._t0,Nl(this,this._t0));break}(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line=1-this._line},point:function(t,e){var n=NaN;if(t=+t,e=+e,!(t===this._x1&&e===this._y1)){switch(this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;break;case 2:this._point=3,is(this,Nl(this,n=Ol(this,t,e)),n);break;default:is(this,this._t0,n=Ol(this,t,e));break}this._x0=this._x1,this._x1=t,this._y0=this._y1,this._y1=e,this._t0=n}}};function xp(t){this._context=new Gl(t)}(xp.prototype=Object.create(Li.prototype)).point=function(t,e){Li.prototype.point.call(this,e,t)};function Gl(t){this._context=t}Gl.prototype={moveTo:function(t,e){this._context.moveTo(e,t)},closePath:function(){this._context.closePath()},lineTo:function(t,e){this._context.lineTo(e,t)},bezierCurveTo:function(t,e,n,i,r,s){this._context.bezierCurveTo(e,t,i,n,s,r)}};function Yl(t){return new Li(t)}function $p(t){this._context=t}$p.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=[],this._y=[]},lineEnd:function(){var t=this._x,e=this._y,n=t.length;if(n)if(this._line?this._context.lineTo(t[0],e[0]):this._context.moveTo(t[0],e[0]),n===2)this._context.lineTo(t[1],e[1]);else for(var i=zl(t),r=zl(e),s=0,o=1;o<n;++s,++o)this._context.bezierCurveTo(i[0][s],r[0][s],i[1][s],r[1][s],t[o],e[o]);(this._line||this._line!==0&&n===1)&&this._context.closePath(),this._line=1-this._line,this._x=this._y=null},point:function(t,e){this._x.push(+t),this._y.push(+e)}};function zl(t){var e,n=t.length-1,i,r=new Array(n),s=new Array(n),o=new Array(n);for(r[0]=0,s[0]=2,o[0]=t[0]+2*t[1],e=1;e<n-1;++e)r[e]=1,s[e]=4,o[e]=4*t[e]+2*t[e+1];for(r[n-1]=2,s[n-1]=7,o[n-1]=8*t[n-1]+t[n],e=1;e<n;++e)i=r[e]/s[e-1],s[e]-=i,o[e]-=i*o[e-1];for(r[n-1]=o[n-1]/s[n-1],e=n-2;e>=0;--e)r[e]=(o[e]-r[e+1])/s[e];for(s[n-1]=(t[n]+r[n-1])/2,e=0;e<n-1;++e)s[e]=2*t[e+1]-r[e+1];return[r,s]}function Sp(t,e){this._context=t,this._t=e}Sp.prototype={areaStart:function(){this._line=0},areaEnd:function(){this._line=NaN},lineStart:function(){this._x=this._y=NaN,this._point=0},lineEnd:function(){0<this._t&&this._t<1&&this._point===2&&this._context.lineTo(this._x,this._y),(this._line||this._line!==0&&this._point===1)&&this._context.closePath(),this._line>=0&&(this._t=1-this._t,this._line=1-this._line)},point:function(t,e){switch(t=+t,e=+e,this._point){case 0:this._point=1,this._line?this._context.lineTo(t,e):this._context.moveTo(t,e);break;case 1:this._point=2;default:{if(this._t<=0)this._context.lineTo(this._x,e),this._context.lineTo(t,e);else{var n=this._x*(1-this._t)+t*this._t;this._context.lineTo(n,this._y),this._context.lineTo(n,e)}break}}this._x=t,this._y=e}};function Mp(t){let e=[];for(let n=0;n+1<t.length;n++)e.push((t[n]+t[n+1])/2);return e}function yn(t){let e=0;for(let n of t)n!==null&&Number.isFinite(n)&&n>e&&(e=n);return e}function Ql(t,e,n,i,r,s){let o=Mp(e);if(!(s>0)||o.length===0)return"";let a=o.map((c,h)=>[c,Math.max(0,t[h]??0)]);a.unshift([e[0],0]),a.push([e[e.length-1],0]);let l=c=>c/s*r;return ql().x(c=>n(c[0])).y0(c=>i-l(c[1])).y1(c=>i+l(c[1])).curve(Yl)(a)??""}function Zl(t,e,n,i,r,s){if(!(s>0))return[];let o=[];return t.forEach((a,l)=>{let u=e[l],c=e[l+1];if(u===void 0||c===void 0||a<=0)return;let h=Math.max(1,a/s*r),f=n(u);o.push({x:f,y:i-h,width:Math.max(.5,n(c)-f-.5),height:h,count:a,low:u,high:c})}),o}function Jl(t,e,n){let i=t.map((o,a)=>[e[a]??0,o]);return(os().defined(o=>o[1]!==null&&Number.isFinite(o[1])).x(o=>o[0]).y(o=>n(o[1]))(i)??"").replace(/M([^MLZ]+)Z/g,(o,a)=>`M${a}L${a}`)}function tu(t){let e=0,n=0;for(let i of t)i===null||!Number.isFinite(i)||(i<e&&(e=i),i>n&&(n=i));return e===n?[e-1,n+1]:[e,n]}var eu=46,fs=10,_t=class extends L{constructor(){super(...arguments);this.data=null;this.loading=!1;this.error="";this.width=320;this.resizeObserver=null}connectedCallback(){super.connectedCallback(),this.resizeObserver=new ResizeObserver(n=>{let i=Math.floor(n[0]?.contentRect.width??0);i>0&&Math.abs(i-this.width)>=1&&(this.width=i)}),this.resizeObserver.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this.resizeObserver?.disconnect()}rows(){let n=this.data;if(!n)return[];let i=this.info.identities,r=n.identities.map(s=>({key:s.identity,column:Oi(n.metric,s.identity),title:s.identity,color:yt(i,s.identity),hist:s,edges:n.bin_edges,domain:n.domain,axisGroup:"metric"}));return n.gap&&r.push({key:"gap",column:"gap",title:`gap: ${Mt(this.state.x1,this.state.x2)}`,color:Ze,hist:n.gap,edges:n.gap.bin_edges,domain:n.gap.domain,axisGroup:"gap"}),r}scale(n){return _n().domain(n).range([fs,Math.max(fs+10,this.width-fs)])}setPlot(n){D(this,"state-change",{plot:n})}renderRow(n,i,r){let s=this.scale(n.domain),o=eu,a=o/2,l=n.hist.quantiles,u=this.state.ranges.find(g=>g.column===n.column),c=u?Ml(u,s.domain(),s.range()):null,[h,f]=n.domain,d=h<0&&f>0?s(0):null,p=this.state.plot==="histogram"?Zl(n.hist.counts,n.edges,s,o-2,o-6,r).map(g=>ut`<rect x=${g.x} y=${g.y} width=${g.width} height=${g.height} fill=${n.color} fill-opacity="0.75">
              <title>${bt(g.low)} to ${bt(g.high)}: ${B(g.count)}</title></rect>`):ut`<path d=${Ql(n.hist.density,n.edges,s,a,a-3,i)} fill=${n.color}
              fill-opacity="0.6" stroke=${n.color}></path>`,v=this.state.plot==="violin"&&l.q1!==null&&l.q3!==null&&l.median!==null?ut`
            ${l.min!==null&&l.max!==null?ut`<line class="whisker" x1=${s(l.min)} x2=${s(l.max)} y1=${a} y2=${a}></line>`:x}
            <line class="box" x1=${s(l.q1)} x2=${s(l.q3)} y1=${a} y2=${a}></line>
            <circle class="median" cx=${s(l.median)} cy=${a} r="2.5"></circle>`:x,m=`${n.column}: distribution over ${B(n.hist.n)} labels. Drag to add a range filter.`;return _`
      <div class="row-head">
        <span class="name"><span class="swatch" style="background:${n.color}"></span>${n.title}</span>
        <span class="n">n=${B(n.hist.n)}${n.hist.undefined?`, ${B(n.hist.undefined)} undefined`:""}${l.median!==null?` · median ${bt(l.median)}`:""}</span>
      </div>
      <svg
        width=${this.width}
        height=${o}
        role="img"
        aria-label=${m}
        data-testid=${`violin-${n.key}`}
        data-column=${n.column}
      >
        ${c?ut`<rect class="band" x=${c[0]} y="1" width=${Math.max(1,c[1]-c[0])} height=${o-2}>
              <title>${u?Be(u):""}</title></rect>`:x}
        ${d!==null?ut`<line class="zero" x1=${d} x2=${d} y1="0" y2=${o}></line>`:x}
        ${p} ${v}
        <g class="brush" data-column=${n.column} data-domain=${n.domain.join(",")}></g>
      </svg>
    `}renderAxis(n,i){return _`<svg width=${this.width} height="22" aria-hidden="true">
      <g class="axis" data-axis=${n} data-domain=${i.join(",")} transform="translate(0,2)"></g>
    </svg>`}updated(){let n=this.renderRoot;n.querySelectorAll("g.axis").forEach(i=>{let r=(i.dataset.domain??"0,1").split(",").map(Number);it(i).call(Vo(this.scale(r)).ticks(Math.max(2,Math.floor(this.width/70))).tickSizeOuter(0))}),n.querySelectorAll("g.brush").forEach(i=>{let r=i.dataset.column??"",s=(i.dataset.domain??"0,1").split(",").map(Number),o=this.scale(s),a=tl().extent([[o.range()[0],0],[o.range()[1],eu]]).on("end",l=>{if(!l.sourceEvent||!l.selection)return;let[u,c]=l.selection;if(it(i).call(a.move,null),Math.abs(c-u)<2)return;let h=Sl([u,c],o.domain(),o.range());h.low===null&&h.high===null||D(this,"state-change",{ranges:Dn(this.state.ranges,{column:r,...h})})});it(i).call(a)})}render(){let n=this.data,i=this.rows(),r=i.filter(u=>u.axisGroup==="metric"),s=i.filter(u=>u.axisGroup==="gap"),o=yn(r.flatMap(u=>u.hist.density)),a=yn(r.flatMap(u=>u.hist.counts)),l=this.state.plot;return _`
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
      ${n?_`<p class="sub">${n.metric} per identity over ${B(n.total)} labels, and the gap</p>`:x}
      ${this.error?_`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:x}
      ${!n&&this.loading?_`<p class="loading" data-testid="loading">Loading distributions\u2026</p>`:x}
      ${n?_`
            <div class="plots" aria-busy=${this.loading} aria-labelledby="dist-title">
              ${n.total===0?_`<p class="hint">No labels pass the filters.</p>`:x}
              ${r.map(u=>this.renderRow(u,o,a))}
              ${r.length?this.renderAxis("metric",n.domain):x}
              ${s.map(u=>_`<div class="gap-title"></div>
                    ${this.renderRow(u,yn(u.hist.density),yn(u.hist.counts))}
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
    `],w([E({attribute:!1})],_t.prototype,"data",2),w([E({attribute:!1})],_t.prototype,"state",2),w([E({attribute:!1})],_t.prototype,"info",2),w([E({type:Boolean})],_t.prototype,"loading",2),w([E({attribute:!1})],_t.prototype,"error",2),w([z()],_t.prototype,"width",2),_t=w([Q("tb-bias-distributions")],_t);var Ep=`from tb_bias_plugin import summary

# predictions: per example, the predicted label names (or a 0/1 or
# score matrix of shape [examples, labels] with label_names in order)
writer = summary.Writer("logs/my_model")
writer.association_table(
    "gender", predictions,
    label_names=names, identity_labels=["man", "woman"], step=epoch,
)
writer.close()`,kp=`import tensorflow as tf
from tb_bias_plugin import summary

with tf.summary.create_file_writer("logs/my_model").as_default():
    summary.association_table(
        "gender", predictions,
        label_names=names, identity_labels=["man", "woman"], step=epoch,
    )`,vn=class extends L{render(){return _`
      <section data-testid="empty-state" aria-labelledby="empty-title">
        <h1 id="empty-title">No association tables logged yet</h1>
        <p>
          This tab ranks labels by how differently a model associates them with identity labels such as
          <code>man</code> and <code>woman</code>. Log a table of your model's predictions, with or without
          TensorFlow:
        </p>
        <pre><code>${Ep}</code></pre>
        <p>Or with TensorFlow's summary writer:</p>
        <pre><code>${kp}</code></pre>
        <p>Then point TensorBoard at the log directory: <code>tensorboard --logdir logs</code>, and reload.</p>
      </section>
    `}};vn.styles=[Z,K`
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
    `],vn=w([Q("tb-bias-empty-state")],vn);var Ht=class extends L{constructor(){super(...arguments);this.formError=""}change(n){D(this,"state-change",{ranges:n})}onAdd(n){n.preventDefault();let i=n.target,r=new FormData(i),s=String(r.get("column")??""),o=Gi(String(r.get("low")??"")),a=Gi(String(r.get("high")??""));o===void 0||a===void 0?this.formError="Bounds must be numbers (or empty for no bound).":o===null&&a===null?this.formError="Give a minimum, a maximum or both.":o!==null&&a!==null&&o>a?this.formError="The minimum is above the maximum.":!this.state.ranges.some(l=>l.column===s)&&this.state.ranges.length>=20?this.formError=`At most ${20} range filters.`:(this.formError="",this.change(Dn(this.state.ranges,{column:s,low:o,high:a})),i.reset())}render(){let n=this.state,i=kl(this.info.identities,n.metric,this.info.kind==="counts");return _`
      <div class="chips" role="list" aria-label="Active range filters" data-testid="filter-chips">
        ${n.ranges.length===0?_`<span class="none">No range filters. Brush a plot or add one below.</span>`:x}
        ${n.ranges.map(r=>_`
            <span class="chip" role="listitem" data-testid="filter-chip" data-column=${r.column}>
              <span>${Be(r)}</span>
              <button
                type="button"
                data-testid="filter-chip-remove"
                aria-label=${`Remove filter ${Be(r)}`}
                @click=${()=>this.change(Fs(n.ranges,r.column))}
              >
                \u00d7
              </button>
            </span>
          `)}
        ${n.ranges.length>1?_`<button type="button" data-testid="clear-filters" @click=${()=>this.change([])}>Clear all</button>`:x}
      </div>
      <form @submit=${this.onAdd} aria-label="Add a range filter" data-testid="range-form">
        <select name="column" data-testid="range-column" aria-label="Column to filter">
          ${i.map(r=>_`<option .value=${r.id}>${r.title}</option>`)}
        </select>
        <input name="low" type="text" inputmode="decimal" placeholder="min" aria-label="Minimum (empty: no minimum)" data-testid="range-min" />
        <input name="high" type="text" inputmode="decimal" placeholder="max" aria-label="Maximum (empty: no maximum)" data-testid="range-max" />
        <button type="submit" data-testid="range-add">Add</button>
      </form>
      ${this.formError?_`<div class="error" role="alert">${this.formError}</div>`:x}
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
    `}};Ht.styles=[Z,K`
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
    `],w([E({attribute:!1})],Ht.prototype,"state",2),w([E({attribute:!1})],Ht.prototype,"info",2),w([z()],Ht.prototype,"formError",2),Ht=w([Q("tb-bias-filters")],Ht);var iu=210,wn={top:26,right:40,bottom:12,left:46},ot=class extends L{constructor(){super(...arguments);this.rows=[];this.missing=[];this.hovered=null;this.valueDomain=null;this.loading=!1;this.error="";this.width=600;this.resizeObserver=null}connectedCallback(){super.connectedCallback(),this.resizeObserver=new ResizeObserver(n=>{let i=Math.floor(n[0]?.contentRect.width??0);i>0&&Math.abs(i-this.width)>=1&&(this.width=i)}),this.resizeObserver.observe(this)}disconnectedCallback(){super.disconnectedCallback(),this.resizeObserver?.disconnect()}scales(){let n=this.info.identities,i=$l().domain(n).range([wn.left,Math.max(wn.left+40,this.width-wn.right)]).padding(n.length===1?.5:0),r=this.valueDomain??tu(this.rows.flatMap(o=>n.map(a=>o.values[a]??null))),s=_n().domain(r).range([iu-wn.bottom,wn.top]).nice();return{x:i,y:s}}updated(){let{y:n}=this.scales();this.renderRoot.querySelectorAll("g.axis").forEach((i,r)=>{let s=Ho(n).ticks(5).tickSizeOuter(0);r>0&&s.tickFormat(()=>""),it(i).call(s)})}render(){let n=this.state,i=this.info.identities,r=this.rows.length,s=_`<div class="head">
      <h2 id="pcp-title">Selected labels${r?` (${r})`:""}</h2>
      ${r?_`<span class="legend" aria-label="Line colour">
            <span><i style="background:${yt(i,n.x1)}"></i>gap towards ${n.x1}</span>
            ${n.x2!==null?_`<span><i style="background:${Zt(i,n.x1,n.x2,-1)}"></i>towards ${n.x2==="rest"?"the rest":n.x2}</span>`:x}
          </span>`:x}
    </div>`,o=this.error?_`<div class="error" role="alert" data-testid="error-message">${this.error}</div>`:x,a=this.missing.length?_`<p class="hint" data-testid="pcp-missing">
          ${this.missing.length} selected label${this.missing.length===1?" is":"s are"} not in this table.
        </p>`:x;if(n.selected.length===0)return _`${s}${o}
        <p class="hint" data-testid="pcp-empty">
          Tick labels in the table to compare their ${n.metric} across ${i.join(", ")} here.
        </p>`;if(r===0)return _`${s}${o}${a}
        ${this.loading?_`<p class="loading" data-testid="loading">Loading selected labels\u2026</p>`:x}`;let{x:l,y:u}=this.scales(),c=i.map(d=>l(d)??0),h=this.hovered===null?void 0:this.rows.find(d=>d.label===this.hovered),f=h?h.label:null;return _`${s}${o}
      <p class="hover" data-testid="pcp-hover-label" aria-live="polite">
        ${h?_`<strong>${h.label}</strong>: ${i.map(d=>`${d} ${bt(h.values[d]??null)}`).join(", ")}; gap ${Gt(h.gap)}`:_`<span class="muted">Hover a line or a table row to see its values.</span>`}
      </p>
      <svg
        width=${this.width}
        height=${iu}
        role="img"
        aria-labelledby="pcp-title"
        aria-busy=${this.loading}
        data-testid="pcp"
      >
        ${i.map((d,p)=>ut`
            <g class="axis" transform=${`translate(${c[p]},0)`}></g>
            <text class="axis-title" x=${c[p]} y="14" text-anchor="middle"
              fill=${yt(i,d)}>${d}</text>`)}
        ${this.rows.map(d=>{let p=Jl(i.map(m=>d.values[m]??null),c,u),v=f===null?"line":d.label===f?"line hovered":"line dim";return ut`<path class=${v} data-testid="pcp-line" data-label=${d.label} d=${p}
              stroke=${Zt(i,n.x1,n.x2,d.gap)}></path>
            <path class="hit" d=${p}
              @mouseenter=${()=>D(this,"hover-label",d.label)}
              @mouseleave=${()=>D(this,"hover-label",null)}>
              <title>${d.label}: ${n.metric} ${i.map(m=>`${m} ${bt(d.values[m]??null)}`).join(", ")}; gap (${Mt(n.x1,n.x2)}) ${Gt(d.gap)}</title>
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
    `],w([E({attribute:!1})],ot.prototype,"rows",2),w([E({attribute:!1})],ot.prototype,"missing",2),w([E({attribute:!1})],ot.prototype,"state",2),w([E({attribute:!1})],ot.prototype,"info",2),w([E({attribute:!1})],ot.prototype,"hovered",2),w([E({attribute:!1})],ot.prototype,"valueDomain",2),w([E({type:Boolean})],ot.prototype,"loading",2),w([E({attribute:!1})],ot.prototype,"error",2),w([z()],ot.prototype,"width",2),ot=w([Q("tb-bias-pcp")],ot);Qn();function Ae(t){return t.replace(/[^A-Za-z0-9._-]+/g,"_")}function ru(t){return{href:js(t),filename:`tb_bias_${Ae(t.run)}_${Ae(t.tag)}_${Ae(t.metric)}.csv`}}function su(t){return{href:Xs(t),filename:`tb_bias_${Ae(t.run)}_${Ae(t.tag)}_${Ae(t.metric)}_flagged.csv`}}var Ap=Ge();function Cp(t,e){return t===null||e===null?"none (one identity)":e==="rest"?`${t} − mean of the rest`:`${t} − ${e}`}var et=class extends L{constructor(){super(...arguments);this.flags={flagged:new Set,hidden:new Set};this.selected=new Set;this.hovered=null;this.revision=0;this.valueDomain=[-1,1];this.gapDomain=[-2,2];this.busy=!1;this.draft=null;this.lastEmittedQ=null;this.meta=null;this.rows=new fe(this);this.emitSearch=ni(n=>{this.lastEmittedQ=n,D(this,"state-change",{q:n})},300)}disconnectedCallback(){super.disconnectedCallback(),this.emitSearch.cancel()}willUpdate(n){if(n.has("state")&&this.state.q!==this.lastEmittedQ&&(this.draft=null),n.has("state")||n.has("revision")||n.has("api")){let i=this.state,r=`${Un(i)}|${i.sort}|${i.order}`,s=`${r}|${this.revision}`,o=this.rows.key!==null&&this.rows.key.startsWith(`${r}|`);if(this.rows.setQuery(s,async(l,u,c)=>{let h=await this.api.get(Ve(i,l,u),c);return this.meta=h,{rows:h.rows,total:h.total}},o)&&!o){this.meta=null;let l=this.renderRoot.querySelector("lit-virtualizer");l&&(l.scrollTop=0)}}}columns(){return El(this.info.identities,this.state.metric,this.state.showCounts)}onSearch(n){let i=n.target.value;this.draft=i,this.emitSearch(i)}change(n){D(this,"state-change",n)}bulk(n,i){D(this,"bulk-op",{kind:n,on:i})}sortHeader(n){let i=this.state,r=i.sort===n.id,s=r?i.order==="asc"?"ascending":i.order==="desc"?"descending":"other":"none",o=r?i.order==="asc"?"▲":i.order==="desc"?"▼":"|▼|":"",a=r?`, sorted ${i.order==="abs"?"by absolute value":s}`:"",l=n.title;return _`<div role="columnheader" class="cell" aria-sort=${s} title=${n.kind==="gap"?`gap of ${i.metric}: ${Mt(i.x1,i.x2)}`:Vn(n.id)}>
      <button
        type="button"
        data-testid=${`sort-header-${n.id}`}
        aria-label=${`${n.kind==="gap"?`Gap, ${Mt(i.x1,i.x2)}`:Vn(n.id)}${a}. Click to sort.`}
        @click=${()=>this.change(ho(i,n.id))}
      >
        <span class="t" style=${Et({color:n.kind==="value"?yt(this.info.identities,n.identity):""})}
          >${l}</span
        ><span class="arrow" aria-hidden="true">${o}</span>
      </button>
    </div>`}bar(n,i,r){let s=Qe(n,i),o=Qe(0,i);return _`<div class="bar" aria-hidden="true">
      ${o?_`<div class="origin" style=${Et({left:`${o.left}%`})}></div>`:x}
      ${s?_`<div class="fill" style=${Et({left:`${s.left}%`,width:`${s.width}%`,background:r})}></div>`:x}
    </div>`}cell(n,i){let r=this.state,s=this.info.identities;switch(i.kind){case"label":return _`<div role="cell" class="cell label" data-testid="cell-label" title=${n.label}>${n.label}</div>`;case"value":{let o=n.values[i.identity??""]??null;return _`<div role="cell" class="cell valuecell" data-testid="cell-value" data-identity=${i.identity??""}>
          ${this.bar(o,this.valueDomain,yt(s,i.identity))}
          <span class="num">${bt(o)}</span>
        </div>`}case"gap":return _`<div role="cell" class="cell valuecell" data-testid="cell-gap">
          ${this.bar(n.gap,this.gapDomain,Zt(s,r.x1,r.x2,n.gap))}
          <span class="num">${Gt(n.gap)}</span>
        </div>`;case"count":{let o=i.identity===null?n.count:n.cooccurrence?.[i.identity]??null;return _`<div role="cell" class="cell num" data-testid="cell-count">${B(o)}</div>`}}}renderRow(n,i,r){let s=this.rows.cache.get(n);if(!s)return _`<div
        class="row placeholder"
        role="row"
        aria-rowindex=${n+2}
        data-testid="table-row-placeholder"
        style=${Et({gridTemplateColumns:r})}
      >
        <div role="cell"></div>
        <div role="cell" class="cell">Loading\u2026</div>
      </div>`;let o=this.flags.flagged.has(s.label),a=this.flags.hidden.has(s.label),l=this.selected.has(s.label),u=["row","data",l?"selected":"",a?"hidden-label":"",this.hovered===s.label?"hovered":"",this.rows.cache.isStale(n)?"stale":""].join(" "),c=this.state;return _`<div
      class=${u}
      role="row"
      aria-rowindex=${n+2}
      aria-selected=${l}
      data-testid="table-row"
      data-label=${s.label}
      data-rank=${n+1}
      style=${Et({gridTemplateColumns:r})}
      @mouseenter=${()=>D(this,"hover-label",s.label)}
      @mouseleave=${()=>D(this,"hover-label",null)}
      @focusin=${()=>D(this,"hover-label",s.label)}
    >
      <div role="cell" class="cell center">
        <input
          type="checkbox"
          data-testid="select-checkbox"
          aria-label=${`Select ${s.label} for parallel coordinates`}
          .checked=${l}
          @change=${h=>this.change({selected:Bn(c.selected,[s.label],h.target.checked)})}
        />
      </div>
      ${i.map(h=>this.cell(s,h))}
      <div role="cell" class="cell actions">
        <button
          type="button"
          class="flag"
          data-testid="flag-button"
          aria-pressed=${o}
          aria-label=${`${o?"Unflag":"Flag"} ${s.label}`}
          title=${o?"Unflag":"Flag"}
          ?disabled=${this.busy}
          @click=${()=>D(this,"flag-op",{kind:"flagged",labels:[s.label],on:!o})}
        >
          ${ei}
        </button>
        <button
          type="button"
          class="hide"
          data-testid="hide-button"
          aria-pressed=${a}
          aria-label=${`${a?"Unhide":"Hide"} ${s.label}`}
          title=${a?"Unhide":"Hide"}
          ?disabled=${this.busy}
          @click=${()=>D(this,"flag-op",{kind:"hidden",labels:[s.label],on:!a})}
        >
          ${Io}
        </button>
      </div>
    </div>`}toolbar(){let n=this.state,i=ru(n),r=su(n);return _`
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
            @keydown=${s=>s.key==="Enter"&&this.emitSearch.flush()}
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
    `}summary(n){let i=[Hn(n,this.info.num_labels)];return this.meta?.num_examples&&i.push(`${B(this.meta.num_examples)} examples`),i.push(`${this.state.metric}, gap = ${Cp(this.state.x1,this.state.x2)}`),i.filter(r=>r!=="").join(" · ")}bulkBar(n){let i=!n||this.busy;return _`<div class="bulk" role="group" aria-label="Actions on every label of the result">
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
    </div>`}render(){let n=this.columns(),i=Al(n),r=this.rows.cache,s=r.total,o=r.error,a=this.rows.loading;return _`
      ${this.toolbar()} ${this.bulkBar(s)}
      ${o?_`<div class="error" role="alert" data-testid="error-message">
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
      >
        <div class="row header" role="row" aria-rowindex="1" style=${Et({gridTemplateColumns:i})}>
          <div role="columnheader" class="cell center"><span class="visually-hidden">Selected</span></div>
          ${n.map(l=>this.sortHeader(l))}
          <div role="columnheader" class="cell" style="text-align:right">Actions</div>
        </div>
        ${s===null&&a?_`<div class="empty loading" data-testid="loading">Loading labels\u2026</div>`:x}
        ${s===0?_`<div class="empty" data-testid="table-empty">No labels match the current filters.</div>`:x}
        <lit-virtualizer
          scroller
          role="rowgroup"
          tabindex="0"
          aria-label="Rows; scroll with the arrow keys"
          .layout=${Ap}
          .items=${this.rows.items}
          .renderItem=${l=>this.renderRow(l,n,i)}
          @rangeChanged=${l=>this.rows.onRange(l.first,l.last)}
        ></lit-virtualizer>
      </div>
    `}};et.styles=[Z,K`
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
        align-items: center;
        width: 100%;
        height: 30px;
        border-bottom: 1px solid #eef0f2;
        padding-right: 4px;
      }
      .header {
        height: auto;
        min-height: 34px;
        background: #f8f9fa;
        border-bottom: 1px solid var(--border);
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
      .bar .origin {
        position: absolute;
        top: -2px;
        bottom: -2px;
        width: 1px;
        background: #9aa0a6;
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
        justify-content: flex-end;
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
    `],w([E({attribute:!1})],et.prototype,"api",2),w([E({attribute:!1})],et.prototype,"state",2),w([E({attribute:!1})],et.prototype,"info",2),w([E({attribute:!1})],et.prototype,"flags",2),w([E({attribute:!1})],et.prototype,"selected",2),w([E({attribute:!1})],et.prototype,"hovered",2),w([E({type:Number})],et.prototype,"revision",2),w([E({attribute:!1})],et.prototype,"valueDomain",2),w([E({attribute:!1})],et.prototype,"gapDomain",2),w([E({type:Boolean})],et.prototype,"busy",2),w([z()],et.prototype,"draft",2),et=w([Q("tb-bias-table")],et);var Tp=10*He,F=class extends L{constructor(){super(...arguments);this.api=zs();this.hashWin=mo(window);this.writing=!1;this.view=ir(this.hashWin);this.resolution=null;this.runs=null;this.runsError="";this.runsLoading=!1;this.flags=null;this.lookup={flagged:new Set,hidden:new Set};this.notice="";this.rowsRevision=0;this.confirmedFlags=null;this.pendingFlagOps=0;this.rowsChangedByFlags=!1;this.flagChain=Promise.resolve();this.distribution=null;this.distributionLoading=!1;this.distributionError="";this.distributionKey="";this.distributionAbort=null;this.selectedRows=[];this.selectedMissing=[];this.selectedLoading=!1;this.selectedError="";this.selectedKey="";this.selectedAbort=null;this.hovered=null;this.bulkBusy=!1;this.reloads=0;this.onHashChange=()=>{if(this.writing||!go(this.hashWin.location.hash))return;let n=ir(this.hashWin);JSON.stringify(je(n))!==JSON.stringify(je(this.view))&&this.applyView(n)};this.onStateChange=n=>{n.stopPropagation(),this.applyView({...this.view,...n.detail})};this.onHover=n=>{n.stopPropagation(),this.hovered=n.detail};this.onFlagOp=n=>{n.stopPropagation(),this.flagOp(n.detail)};this.onBulkOp=n=>{n.stopPropagation(),this.bulkOp(n.detail.kind,n.detail.on)}}connectedCallback(){super.connectedCallback(),this.hashWin.addEventListener("hashchange",this.onHashChange),this.addEventListener("state-change",this.onStateChange),this.addEventListener("flag-op",this.onFlagOp),this.addEventListener("bulk-op",this.onBulkOp),this.addEventListener("hover-label",this.onHover),this.loadRuns()}disconnectedCallback(){super.disconnectedCallback(),this.hashWin.removeEventListener("hashchange",this.onHashChange),this.distributionAbort?.abort(),this.selectedAbort?.abort()}applyView(n){let i=this.resolution?.state.tag??null;if(!this.runs){this.view=n;return}this.resolution=co(n,this.runs),this.view=this.resolution?this.resolution.state:n,this.writeUrl();let r=this.resolution?.state;r&&((r.tag!==i||this.flags===null)&&this.loadFlagsFor(r.tag),this.refreshDistribution(!1),this.refreshSelected(!1))}writeUrl(){this.writing=!0;try{_o(this.hashWin,this.view,()=>new HashChangeEvent("hashchange"))}catch{}finally{this.writing=!1}}async loadRuns(){this.runsLoading=!0,this.runsError="";try{this.runs=await this.api.get(Us),this.applyView(this.view)}catch(n){this.runsError=dt(n)}finally{this.runsLoading=!1}}reload(){this.reloads++,this.rowsRevision++,this.flags=null,this.loadRuns()}refreshDistribution(n){let i=this.resolution?.state;if(!i)return;let r=Hs(i),s=`${r}#${this.reloads}`;if(!n&&s===this.distributionKey)return;this.distributionKey=s,this.distributionAbort?.abort();let o=new AbortController;this.distributionAbort=o,this.distributionLoading=!0,this.api.get(r,o.signal).then(a=>{o.signal.aborted||(this.distribution=a,this.distributionError="",this.distributionLoading=!1)},a=>{o.signal.aborted||Ln(a)||(this.distribution=null,this.distributionError=dt(a),this.distributionLoading=!1)})}refreshSelected(n){let i=this.resolution?.state;if(!i)return;if(i.selected.length===0){this.selectedKey="",this.selectedAbort?.abort(),this.selectedRows=[],this.selectedMissing=[],this.selectedLoading=!1,this.selectedError="";return}let r=Ws(i,i.selected),s=`${r.join(`
`)}#${this.reloads}`;if(!n&&s===this.selectedKey)return;this.selectedKey=s,this.selectedAbort?.abort();let o=new AbortController;this.selectedAbort=o,this.selectedLoading=!0;let a=i.selected;Promise.all(r.map(l=>this.api.get(l,o.signal))).then(l=>{if(o.signal.aborted)return;let u=new Map;for(let c of l)for(let h of c.rows)u.set(h.label,h);this.selectedRows=a.flatMap(c=>u.get(c)??[]),this.selectedMissing=a.filter(c=>!u.has(c)),this.selectedError="",this.selectedLoading=!1},l=>{o.signal.aborted||Ln(l)||(this.selectedError=dt(l),this.selectedLoading=!1)})}async loadFlagsFor(n){try{let i=await Qs(this.api,n);if(this.resolution?.state.tag!==n)return;this.setFlags(i),this.confirmedFlags=i}catch(i){this.setFlags(Ks(n)),this.confirmedFlags=null,this.notice=`Cannot load flags: ${dt(i)}`}}setFlags(n){this.flags=n,this.lookup=Ys(n)}flagOp(n){let i=this.resolution?.state;if(!this.flags||!i||Gs(this.flags,n))return;let r=this.flags.tag;this.setFlags(Ji(this.flags,n)),(n.kind==="hidden"&&!i.showHidden||n.kind==="flagged"&&i.flaggedOnly)&&(this.rowsChangedByFlags=!0),this.pendingFlagOps++,this.flagChain=this.flagChain.then(async()=>{try{let s=this.confirmedFlags;if(!s||s.tag!==r)throw new Error("flags are not loaded; reload the page");let o=await Zs(this.api,s,n);this.confirmedFlags=o.state,o.rebased&&(this.notice="The flags had been changed elsewhere; your change was applied on top of the latest ones.")}catch(s){this.notice=`Could not save the change: ${dt(s)}`}finally{this.pendingFlagOps--,this.pendingFlagOps===0&&this.confirmedFlags&&this.confirmedFlags.tag===this.resolution?.state.tag&&(this.setFlags(this.confirmedFlags),this.rowsChangedByFlags&&(this.rowsChangedByFlags=!1,this.rowsRevision++,this.refreshDistribution(!0)))}})}async bulkOp(n,i){let r=this.resolution?.state;if(!(!r||this.bulkBusy)){this.bulkBusy=!0;try{if(n==="selected"){let{labels:s,total:o}=await Zi(this.api,r,Yt,!0);this.applyView({...this.view,selected:Bn(this.view.selected,s,i)}),o>Yt&&(this.notice=`Selected the first ${B(Yt)} of ${B(o)} labels.`)}else{let s=n==="hidden"&&!i?{...r,showHidden:!0}:r,{labels:o}=await Zi(this.api,s,Tp);this.flagOp({kind:n,labels:o,on:i})}}catch(s){this.notice=s instanceof qe?`The result has ${B(s.total)} labels; narrow the filters to at most ${B(s.cap)} to change them all at once.`:dt(s)}finally{this.bulkBusy=!1}}}setTab(n){this.applyView({...this.view,view:n})}onTabKey(n){if(n.key!=="ArrowLeft"&&n.key!=="ArrowRight")return;let i=this.view.view==="table"?"compare":"table";this.setTab(i),this.updateComplete.then(()=>this.renderRoot.querySelector(`[data-testid="view-${i}"]`)?.focus())}render(){if(!this.runs)return _`<div class="centered">
        ${this.runsError?_`<div class="error" role="alert" data-testid="error-message">
              Cannot list the logged tables: ${this.runsError}
              <button type="button" @click=${()=>{this.loadRuns()}}>Retry</button>
            </div>`:_`<p class="loading" data-testid="loading">Loading tables\u2026</p>`}
      </div>`;if(!this.resolution)return _`<tb-bias-empty-state></tb-bias-empty-state>
        <div style="text-align:center">
          <button type="button" data-testid="reload-button" @click=${()=>this.reload()}>Reload</button>
        </div>`;let{state:n,info:i}=this.resolution,r=new Set(n.selected),s=this.distribution?.domain??null,o=this.distribution?.gap?.domain??[-2,2];return _`
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
          ${this.runsError?_`<div class="error" role="alert" data-testid="error-message">${this.runsError}</div>`:x}
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
          ${this.notice?_`<div class="notice" role="status" data-testid="notice">
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
          ${n.view==="table"?_`
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
              `:_`<tb-bias-compare
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
    `],w([z()],F.prototype,"view",2),w([z()],F.prototype,"resolution",2),w([z()],F.prototype,"runs",2),w([z()],F.prototype,"runsError",2),w([z()],F.prototype,"runsLoading",2),w([z()],F.prototype,"flags",2),w([z()],F.prototype,"lookup",2),w([z()],F.prototype,"notice",2),w([z()],F.prototype,"rowsRevision",2),w([z()],F.prototype,"distribution",2),w([z()],F.prototype,"distributionLoading",2),w([z()],F.prototype,"distributionError",2),w([z()],F.prototype,"selectedRows",2),w([z()],F.prototype,"selectedMissing",2),w([z()],F.prototype,"selectedLoading",2),w([z()],F.prototype,"selectedError",2),w([z()],F.prototype,"hovered",2),w([z()],F.prototype,"bulkBusy",2),F=w([Q("tb-bias-app")],F);var Rp=`
html, body { margin: 0; height: 100%; background: #f5f6f7; }
tb-bias-app { height: 100%; }
`;function Sy(){if(document.querySelector("tb-bias-app"))return;let t=document.createElement("style");t.textContent=Rp,document.head.appendChild(t),document.body.appendChild(document.createElement("tb-bias-app"))}export{Sy as render};
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
